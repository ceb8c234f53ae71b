import { useEffect, useMemo, useReducer } from 'react';

// The QR encoder is a chunk of its own, fetched when the Caixa is idle (well before a cashier
// has typed an amount): not part of the first screen's JavaScript (issue 35).
type Encoder = typeof import('qrcode/lib/browser');
let encoder: Promise<Encoder> | undefined;
let loaded: Encoder | undefined;
export const preloadQrEncoder = () =>
  (encoder ??= import('qrcode/lib/browser').then((m) => (loaded = m)));

/** Synchronous: qrcode's callback form calls back before it returns (its promise form would not). */
export function draw(QRCode: Encoder, payload: string, margin: number) {
  let url: string | null = null;
  QRCode.default.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin }, (e, s) => {
    if (!e) url = `data:image/svg+xml;utf8,${encodeURIComponent(s)}`;
  });
  return url;
}

/**
 * A PIX code drawn locally as an SVG QR (error correction M, `margin` modules of quiet zone),
 * as a data URL for an img; null until drawn. With the encoder loaded (the usual case) it is
 * drawn in the same render as the charge that brings it: no second render, no wait for an
 * effect (Enter → QR, issue 35). Once per payload: the countdown re-renders every second.
 */
export function useQrSvg(payload: string, margin: number): string | null {
  // Not loaded yet (Enter before the idle fetch ended): drawn when it arrives.
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!loaded) void preloadQrEncoder().then(arrived);
  }, []);
  const ready = !!loaded;
  return useMemo(() => (ready ? draw(loaded!, payload, margin) : null), [payload, margin, ready]);
}
