import { useQrSvg } from '../../components/qr-svg';

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
  const src = useQrSvg(payload, 4);
  if (!src) return <div className="qr-placeholder" style={{ width: size, height: size }} />;
  return <img className="qr" src={src} alt={label} width={size} height={size} />;
}
