import { preloadQrEncoder } from '../../components/qr-svg';

/**
 * The PIX code as a PNG image (error correction M, 4-module quiet zone, 512 px): what a chat or
 * an e-mail takes when the cashier pastes it. Drawn locally from the verified payload.
 */
export async function qrPng(payload: string): Promise<Blob> {
  // The encoder chunk the Caixa already fetched on idle: not in the first screen (issue 35).
  const QRCode = (await preloadQrEncoder()).default;
  const url = await QRCode.toDataURL(payload, {
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 512,
  });
  const bin = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

/** Puts the QR image on the clipboard; false when the clipboard refused it. */
export async function copyQrImage(payload: string): Promise<boolean> {
  try {
    const png = await qrPng(payload);
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
    return true;
  } catch {
    return false;
  }
}
