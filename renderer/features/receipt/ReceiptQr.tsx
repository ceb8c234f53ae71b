import { useEffect, useState } from 'react';
import { draw, preloadQrEncoder } from '../../components/qr-svg';

/**
 * The printed QR: SVG (sharp at any DPI), level M, a 2-module quiet zone (the paper is white).
 * Drawn a task after the charge arrives, so the frame with the screen's QR is painted first:
 * this one is never on screen and must not delay the one the customer scans (a promise's
 * callback alone would still run before that paint).
 */
export function ReceiptQr({ payload }: { payload: string }) {
  const [src, setSrc] = useState<[string, string | null]>();
  useEffect(() => {
    let live = true;
    const t = setTimeout(
      () =>
        void preloadQrEncoder().then(
          (QRCode) => live && setSrc([payload, draw(QRCode, payload, 2)]),
        ),
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [payload]);
  const url = src?.[0] === payload ? src[1] : null;
  return url ? <img className="receipt-qr" src={url} alt="" /> : <div className="receipt-qr" />;
}
