import QRCode from 'qrcode/lib/browser';
import { useEffect, useState } from 'react';

/**
 * A PIX code drawn locally as an SVG QR (error correction M, `margin` modules of quiet zone),
 * as a data URL for an img; null until drawn.
 */
export function useQrSvg(payload: string, margin: number): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin }).then(
      (s) => live && setSvg(s),
    );
    return () => {
      live = false;
    };
  }, [payload, margin]);
  return svg && `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
