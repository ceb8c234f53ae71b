import { useQrSvg } from '../../components/qr-svg';

/**
 * The printed QR: SVG (sharp at any DPI), level M, a 2-module quiet zone (the paper is white).
 * Drawn after the screen's QR is painted: it is not on the path Enter → QR.
 */
export function ReceiptQr({ payload }: { payload: string }) {
  const src = useQrSvg(payload, 2, true);
  return src ? <img className="receipt-qr" src={src} alt="" /> : <div className="receipt-qr" />;
}
