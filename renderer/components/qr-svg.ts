import { useEffect, useState } from 'react';

// The QR encoder is a chunk of its own, fetched when the Caixa is idle (well before a cashier
// has typed an amount): not part of the first screen's JavaScript (issue 35).
let encoder: Promise<typeof import('qrcode/lib/browser')> | undefined;
export const preloadQrEncoder = () => (encoder ??= import('qrcode/lib/browser'));

/**
 * A PIX code drawn locally as an SVG QR (error correction M, `margin` modules of quiet zone),
 * as a data URL for an img; null until drawn.
 */
export function useQrSvg(payload: string, margin: number): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The data URL is made once per drawing: the countdown re-renders the QR every second.
    void preloadQrEncoder()
      .then((QRCode) =>
        QRCode.default.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin }),
      )
      .then((s) => live && setUrl(`data:image/svg+xml;utf8,${encodeURIComponent(s)}`));
    return () => {
      live = false;
    };
  }, [payload, margin]);
  return url;
}
