/**
 * The printer's Portuguese code page, CP860 (IBM PC Portuguese), and nothing else: the one
 * character set Balcão prints in. Bytes 0x00–0x7F are ASCII; 0x80–0xFF are the table below
 * (the same table as iconv-lite's `cp860`, which a test compares byte for byte). The main
 * bundle resolves `iconv-lite` here (scripts/main-bundles.mjs), so node-thermal-printer's encoder
 * is this one too and the bundle carries no other code page (iconv-lite's every table was about
 * 0.5 MB of the start-up bundle).
 */
const HIGH =
  'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const TO_BYTE = new Map<string, number>([...HIGH].map((c, i) => [c, 0x80 + i]));

/** iconv-lite's spelling rules: case and punctuation do not matter. */
const NAMES = new Set(['cp860', 'ibm860', '860', 'csibm860']);
const name = (encoding: string) => encoding.toLowerCase().replace(/[^a-z0-9]/g, '');

export function encodingExists(encoding: string): boolean {
  return NAMES.has(name(encoding));
}

function check(encoding: string): void {
  if (!encodingExists(encoding))
    throw new Error(`Encoding not recognized: '${encoding}' (only CP860 is bundled)`);
}

/** Text as CP860 bytes; a character CP860 lacks becomes '?', as iconv-lite does. */
export function encode(text: string, encoding: string): Buffer {
  check(encoding);
  const out: number[] = [];
  // By UTF-16 unit, as iconv-lite: a character outside the BMP is two '?'.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out.push(code < 0x80 ? code : (TO_BYTE.get(text[i]!) ?? 0x3f));
  }
  return Buffer.from(out);
}

export function decode(bytes: Uint8Array, encoding: string): string {
  check(encoding);
  let s = '';
  for (const b of bytes) s += b < 0x80 ? String.fromCharCode(b) : HIGH[b - 0x80];
  return s;
}

export default { encode, decode, encodingExists };
