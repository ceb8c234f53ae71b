/**
 * The ESC/POS QR symbol (`GS ( k`, Epson's function 165–181), written here rather than with
 * node-thermal-printer's printQR: that one sizes the store command by the string's length in
 * UTF-16 units but sends its UTF-8 bytes, so a BR Code with an accented merchant name or city
 * ("São Paulo") would announce fewer bytes than it sends, and the printer would read the rest of
 * the QR as commands and text.
 */
const GS_K = [0x1d, 0x28, 0x6b];

export function escposQr(
  data: string,
  o: { moduleDots: number; correction?: 'L' | 'M' | 'Q' | 'H' },
): Buffer {
  const bytes = Buffer.from(data, 'utf8');
  const stored = bytes.length + 3;
  if (stored > 0xffff) throw new RangeError('QR data over 65,532 bytes');
  const level = { L: 0x30, M: 0x31, Q: 0x32, H: 0x33 }[o.correction ?? 'M'];
  const dots = Math.max(1, Math.min(16, Math.round(o.moduleDots)));
  return Buffer.concat([
    Buffer.from([...GS_K, 0x04, 0x00, 0x31, 0x41, 0x32, 0x00]), // model 2
    Buffer.from([...GS_K, 0x03, 0x00, 0x31, 0x43, dots]), // module size, in dots
    Buffer.from([...GS_K, 0x03, 0x00, 0x31, 0x45, level]), // error correction level
    Buffer.from([...GS_K, stored & 0xff, stored >> 8, 0x31, 0x50, 0x30]), // store: pL pH = bytes + 3
    bytes,
    Buffer.from([...GS_K, 0x03, 0x00, 0x31, 0x51, 0x30]), // print the stored symbol
  ]);
}
