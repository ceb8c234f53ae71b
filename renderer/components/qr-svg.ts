import { useEffect, useMemo, useState } from 'react';

// The QR encoder is a chunk of its own, fetched when the Caixa is idle (well before a cashier
// has typed an amount): not part of the first screen's JavaScript (issue 35).
type Encoder = typeof import('qrcode/lib/browser');
let encoder: Promise<Encoder> | undefined;
let loaded: Encoder | undefined;
export const preloadQrEncoder = () =>
  (encoder ??= import('qrcode/lib/browser').then((m) => (loaded = m)));

/** Drawn synchronously: qrcode's callback form calls back before it returns (its promise form would not). */
function draw(QRCode: Encoder, payload: string, margin: number): string | null {
  let svg: string | null = null;
  QRCode.default.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin }, (e, s) => {
    svg = e ? null : s;
  });
  return svg === null ? null : `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/**
 * A PIX code drawn locally as an SVG QR (error correction M, `margin` modules of quiet zone),
 * as a data URL for an img; null until drawn. With the encoder loaded (the usual case) it is
 * drawn in the same render as the charge that brings it: no second render, no wait for an
 * effect (Enter → QR, issue 35). Once per payload: the countdown re-renders every second.
 * `deferred`: drawn after the screen is painted (the paper receipt's QR, never on screen, must
 * not delay the one the customer scans).
 */
export function useQrSvg(payload: string, margin: number, deferred = false): string | null {
  const now = useMemo(
    () => (loaded && !deferred ? draw(loaded, payload, margin) : null),
    [payload, margin, deferred],
  );
  const [late, setLate] = useState<{ key: string; url: string } | null>(null);
  const key = `${margin}:${payload}`;
  useEffect(() => {
    if (now) return;
    let live = true;
    // Deferred: a task later, so the frame with the screen's QR is painted first (a promise's
    // callback alone would still run before that paint).
    const yielded = deferred ? new Promise((r) => setTimeout(r)) : null;
    void Promise.all([preloadQrEncoder(), yielded]).then(([QRCode]) => {
      const url = live && draw(QRCode, payload, margin);
      if (url) setLate({ key, url });
    });
    return () => {
      live = false;
    };
  }, [now, key, payload, margin, deferred]);
  return now ?? (late?.key === key ? late.url : null);
}
