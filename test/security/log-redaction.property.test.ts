import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, Redactor } from '../../electron/services/log';

// Any string the PSP or the keychain could hand us: quotes, backslashes, control characters,
// lone surrogates, and pieces of the marker itself.
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', 'a', '[', ']', 'd'),
    maxLength: 12,
  }),
);
const secret = anyText.filter((s) => s.length >= 4);

/** The text between the markers: where a secret must not be found. */
const visible = (text: string) => text.split(REDACTED);

/** Every string in a parsed line, recursively (keys too). */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)]);
  return [];
}

describe('log redaction, for any secret string', () => {
  it('no text left visible contains the secret, as is or JSON-escaped', () => {
    fc.assert(
      fc.property(secret, anyText, anyText, fc.nat(3), (s, a, b, n) => {
        const r = new Redactor();
        r.add(s);
        const escaped = JSON.stringify(s).slice(1, -1);
        const twice = JSON.stringify(escaped).slice(1, -1);
        const text = a + (s + b).repeat(n + 1) + escaped + a + twice + b;
        for (const piece of visible(r.redact(text))) {
          expect(piece).not.toContain(s);
          expect(piece).not.toContain(escaped);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a log line hides the secret in any field, key, error or JSON body it travels in', () => {
    fc.assert(
      fc.property(secret, anyText, anyText, (s, a, b) => {
        const r = new Redactor();
        r.add(s);
        const lines: string[] = [];
        const log = createLogger((l) => lines.push(l), r);
        const inText = a + s + b;
        log.error(inText, {
          field: inText,
          nested: { deep: [inText], [inText]: 1 },
          body: JSON.stringify({ client_secret: inText, again: JSON.stringify({ s: inText }) }),
          error: new Error(inText),
        });
        const line = lines[0]!;
        const escaped = JSON.stringify(s).slice(1, -1);
        for (const str of strings(JSON.parse(line))) {
          for (const piece of visible(str)) {
            expect(piece).not.toContain(s);
            expect(piece).not.toContain(escaped);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('leaves a text without the secret exactly as it was', () => {
    fc.assert(
      fc.property(secret, anyText, (s, text) => {
        const r = new Redactor();
        r.add(s);
        const escaped = JSON.stringify(s).slice(1, -1);
        fc.pre(!text.includes(s) && !text.includes(escaped) && !text.includes(s.slice(0, -1)));
        expect(r.redact(text)).toBe(text);
      }),
    );
  });

  it('a secret made of JSON syntax still leaves a valid JSON line', () => {
    const r = new Redactor();
    r.add('"d\\"');
    const lines: string[] = [];
    createLogger((l) => lines.push(l), r).info('d"', { field: 'd""d\\"' });
    expect(JSON.parse(lines[0]!)).toEqual({ field: `d"${REDACTED}`, level: 'info', msg: 'd"' });
  });

  it('keeps the text around a secret', () => {
    const r = new Redactor();
    r.add('se"cr\\et\n');
    const lines: string[] = [];
    createLogger((l) => lines.push(l), r).info('login', {
      body: '{"client_secret":"se\\"cr\\\\et\\n","id":7}',
    });
    expect(JSON.parse(lines[0]!)).toEqual({
      body: `{"client_secret":"${REDACTED}","id":7}`,
      level: 'info',
      msg: 'login',
    });
  });
});

describe('log redaction at a surrogate pair', () => {
  it('a secret ending in half a pair, logged inside a JSON body inside a field, is hidden', () => {
    const s = 'k"e\\y\ud83d';
    const r = new Redactor();
    r.add(s);
    const lines: string[] = [];
    const inner = JSON.stringify({ s: `${s}\ude00!` });
    createLogger((l) => lines.push(l), r).info('x', {
      body: JSON.stringify({ again: inner }),
    });
    const body = (JSON.parse(lines[0]!) as { body: string }).body;
    const again = (JSON.parse(body) as { again: string }).again;
    expect(body).toContain(REDACTED);
    expect(again).not.toContain('k"e');
  });
});
