import { useQrSvg } from '../../components/qr-svg';

/** The printed QR: SVG (sharp at any DPI), level M, a 2-module quiet zone (the paper is white). */
export function ReceiptQr({ payload }: { payload: string }) {
  const src = useQrSvg(payload, 2);
  return src ? <img className="receipt-qr" src={src} alt="" /> : <div className="receipt-qr" />;
}
