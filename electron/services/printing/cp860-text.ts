import iconv from './cp860-codec';

/**
 * Any text as text the printer's Portuguese code page CP860 can print. node-thermal-printer
 * answers a character the active code page lacks by selecting another one (`ESC t n`) for the
 * rest of the job, which many Brazilian printers do not have: everything after it prints as
 * garbage. So nothing outside CP860 ever reaches it.
 */

/** Nearest plain forms for typography CP860 lacks (NFKD does not simplify these). */
const PLAIN: Record<string, string> = {
  '\u2026': '...',
  '\u2212': '-',
  '\u2043': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2039': '<',
  '\u203a': '>',
  '\u2022': '\u00b7',
  '\u20ac': 'EUR',
  '\u00a9': '(C)',
  '\u00ae': '(R)',
};
for (let c = 0x2010; c <= 0x2015; c++) PLAIN[String.fromCharCode(c)] = '-';

/** Invisible formatting (soft hyphen, zero-width space/joiners, word joiner, BOM): dropped. */
const INVISIBLE = /^[\u00ad\u200b-\u200d\u2060\ufeff]+$/;

const known = new Map<string, boolean>();

/**
 * Whether CP860 prints this one character: printable ASCII, or a character the CP860
 * table encodes and decodes back to itself (it answers `?` for the rest).
 */
export function inCp860(ch: string): boolean {
  if (ch.length !== 1) return false;
  const code = ch.charCodeAt(0);
  if (code < 0x80) return code >= 0x20 && code < 0x7f;
  let ok = known.get(ch);
  if (ok === undefined) {
    ok = iconv.decode(iconv.encode(ch, 'cp860'), 'cp860') === ch;
    known.set(ch, ok);
  }
  return ok;
}

const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** One user-perceived character (a grapheme: an emoji with its modifiers counts once). */
function printable(grapheme: string): string {
  const c = grapheme.normalize('NFC');
  const plain = PLAIN[c];
  if (plain !== undefined) return plain;
  if (INVISIBLE.test(c)) return '';
  // NBSP and every other space, tab or line break: a plain space, blank in any code page.
  if (/^\s+$/.test(c)) return ' ';
  if (inCp860(c)) return c;
  // A letter with an accent CP860 lacks (ẽ, ő): its base letter; compatibility forms (ﬁ, ™,
  // full-width letters): their plain letters. Anything still outside CP860 (emoji, CJK, Æ): `?`.
  const base = c.normalize('NFKD').replace(/\p{M}/gu, '');
  return base && [...base].every(inCp860) ? base : '?';
}

/** The text with every character CP860 lacks replaced by its nearest plain form, or `?`. */
export function cp860Text(text: string): string {
  let out = '';
  for (const { segment } of graphemes.segment(text)) out += printable(segment);
  return out;
}
