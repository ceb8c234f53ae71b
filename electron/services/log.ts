/**
 * Structured logging with secret redaction: every known secret (credentials, tokens) is
 * replaced before a line reaches the sink, whatever field it hides in.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
/** Receives each line already serialised (one JSON object) and redacted. */
export type LogSink = (line: string, level: LogLevel) => void;

export class Redactor {
  private secrets = new Set<string>();

  add(secret: string | undefined | null) {
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join('[redacted]');
    return out;
  }
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(sink: LogSink, redactor: Redactor): Logger {
  const emit =
    (level: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      sink(redactor.redact(JSON.stringify({ ...fields, level, msg })), level);
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
