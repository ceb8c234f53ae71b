/**
 * The IntPos file format (docs/pdv-integration.md, "Line format"): CR LF lines `AAA-BBB = value`,
 * ASCII 20h–7Eh only, ending with `999-999 = 0`. Parsing never throws: a file a PDV left half
 * written is `truncated`, anything else unreadable is `malformed`.
 */
export type Fields = ReadonlyMap<string, string>;

export type Parsed =
  | { kind: 'complete'; fields: Fields }
  | { kind: 'truncated'; fields: Fields }
  | { kind: 'malformed'; fields: Fields; line: number };

const LINE = /^(\d{3}-\d{3}) ?= ?(.*)$/;
/** A request is a few hundred bytes; anything far larger is not one. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export function parseIntPos(text: string): Parsed {
  const fields = new Map<string, string>();
  // A byte-order mark (UTF-8, read as Latin-1 or not) from a PDV written in .NET or Java.
  const lines = text.replace(/^(\uFEFF|\u00EF\u00BB\u00BF)/, '').split(/\r?\n/);
  let ended = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, '');
    if (raw.trim() === '') continue;
    if (ended) return { kind: 'malformed', fields, line: i + 1 };
    const m = LINE.exec(raw.trim());
    if (!m) return { kind: 'malformed', fields, line: i + 1 };
    const [, key, value] = m as unknown as [string, string, string];
    if (key === '999-999') ended = true;
    // The first occurrence wins: a repeated field never overrides what was read.
    if (!fields.has(key)) fields.set(key, value.trim());
  }
  return ended ? { kind: 'complete', fields } : { kind: 'truncated', fields };
}

/** Plain ASCII in the allowed range: accents dropped (São → Sao), anything else becomes `?`. */
export function asciiText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/"/g, "'")
    .slice(0, max);
}

/** Fields in order, CR LF after each line, the finalizer last. */
export function formatIntPos(fields: ReadonlyArray<readonly [string, string | number]>): string {
  const body = fields.filter(([k]) => k !== '999-999').map(([k, v]) => `${k} = ${v}`);
  return [...body, '999-999 = 0'].join('\r\n') + '\r\n';
}

/** The `.sts`: command and identifier echoed, then the finalizer (GP §7.5). */
export function statusFile(command: string, identifier: string): string {
  return formatIntPos([
    ['000-000', asciiText(command, 3)],
    ['001-000', asciiText(identifier, 10)],
  ]);
}
