import QRCode from 'qrcode/lib/browser';
import { useEffect, useState } from 'react';

/** The printed QR: SVG (sharp at any DPI), level M, a 2-module quiet zone (the paper is white). */
export function ReceiptQr({ payload }: { payload: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (s) => live && setSvg(s),
    );
    return () => {
      live = false;
    };
  }, [payload]);
  return svg ? (
    <img className="receipt-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt="" />
  ) : (
    <div className="receipt-qr" />
  );
}
