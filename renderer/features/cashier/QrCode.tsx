import QRCode from 'qrcode/lib/browser';
import { useEffect, useState } from 'react';

/** The QR rendered locally from the payload: SVG, error correction M, quiet zone 4. */
export function QrCode({
  payload,
  label,
  size = 320,
}: {
  payload: string;
  label: string;
  size?: number;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then(
      (s) => live && setSvg(s),
    );
    return () => {
      live = false;
    };
  }, [payload]);
  if (!svg) return <div className="qr-placeholder" style={{ width: size, height: size }} />;
  return (
    <img
      className="qr"
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
    />
  );
}
