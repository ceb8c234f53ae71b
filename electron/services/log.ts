/**
 * Structured logging with secret redaction: every known secret (credentials, tokens) is
 * replaced before a line reaches the sink, whatever field it hides in.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
/** Receives each line already serialised (one JSON object) and redacted. */
export type LogSink = (line: string, level: LogLevel) => void;

export const REDACTED = '[redacted]';

/** The text of `s` inside a JSON string literal (JSON.stringify's escaping, quotes dropped). */
const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);
const LONE_HIGH_END = /[\ud800-\udbff]$/;
const LONE_LOW_START = /^[\udc00-\udfff]/;

/**
 * Every way a secret can appear in a line we write: as is, JSON-escaped (a field value), and
 * escaped twice (a JSON body logged inside a field). A lone surrogate at either end may meet
 * its partner in the surrounding text, where JSON keeps the pair unescaped: those variants too.
 */
function forms(secret: string): string[] {
  const head = LONE_LOW_START.test(secret) ? secret[0]! : '';
  const tail = LONE_HIGH_END.test(secret) ? secret.slice(-1) : '';
  const out = new Set<string>();
  for (let depth = 0; depth <= 2; depth++) {
    const esc = (x: string) => {
      for (let i = 0; i < depth; i++) x = jsonEscaped(x);
      return x;
    };
    out.add(esc(secret));
    if (head) out.add(head + esc(secret.slice(1)));
    if (tail) out.add(esc(secret.slice(0, -1)) + tail);
    if (head && tail && secret.length > 1) out.add(head + esc(secret.slice(1, -1)) + tail);
  }
  return [...out].filter((f) => f.length > 0);
}

/**
 * Replaces every occurrence of every form of every secret with REDACTED. Occurrences are
 * found in the original text (overlapping ones too) and merged before anything is replaced,
 * so a replacement can neither expose part of a secret nor form a new one with its neighbours.
 */
export class Redactor {
  private readonly patterns = new Set<string>();
  private readonly secrets = new Set<string>();

  add(secret: string | undefined | null) {
    if (!secret || secret.length < 4 || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    for (const f of forms(secret)) this.patterns.add(f);
  }

  redact(text: string): string {
    const spans: Array<[number, number]> = [];
    for (const p of this.patterns) {
      for (let i = text.indexOf(p); i !== -1; i = text.indexOf(p, i + 1))
        spans.push([i, i + p.length]);
    }
    if (!spans.length) return text;
    spans.sort((a, b) => a[0] - b[0]);
    let out = '';
    let pos = 0;
    let end = -1;
    for (const [from, to] of spans) {
      if (from > end) {
        if (end >= 0) pos = end;
        out += text.slice(pos, from) + REDACTED;
        end = to;
      } else end = Math.max(end, to);
    }
    return out + text.slice(end);
  }
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Errors keep their name, message and stack in a line (JSON.stringify would drop them). */
function plain(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(sink: LogSink, redactor: Redactor): Logger {
  const emit =
    (level: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      // Each string (and key) is redacted before serialising, so JSON escaping cannot hide a
      // secret, and the line stays valid JSON (a pass over the serialised line could cut it).
      const line = JSON.stringify({ ...fields, level, msg }, function (this: unknown, _k, v) {
        const value = plain(v);
        if (typeof value === 'string') return redactor.redact(value);
        if (value && typeof value === 'object' && !Array.isArray(value))
          return Object.fromEntries(
            Object.entries(value).map(([k, x]) => [redactor.redact(k), x] as const),
          );
        return value;
      });
      sink(line, level);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
