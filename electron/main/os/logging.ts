// The packaged app's log: electron-log's file transport, in `<data folder>/logs/main.log`,
// rotated at 1 MB keeping 5 old files, every line passed through the services' redactor.
// We use electron-log's Node entry: its `electron-log/main` entry also listens on an IPC
// channel of its own (`__ELECTRON_LOG__`) that any renderer could write to.
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { NodeLogger } from 'electron-log';

export const LOG_MAX_BYTES = 1024 * 1024;
export const LOG_KEEP = 5;

/** Shifts main.log → main.1.log → … → main.5.log (the oldest dropped). */
export function rotate(file: string, keep = LOG_KEEP): void {
  const { dir, name, ext } = path.parse(file);
  const nth = (n: number) => path.join(dir, `${name}.${n}${ext}`);
  rmSync(nth(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) if (existsSync(nth(n))) renameSync(nth(n), nth(n + 1));
  renameSync(file, nth(1));
}

/** Any logged value as redacted text: secrets never reach the file, whatever carried them. */
export function redactValue(v: unknown, redact: (s: string) => string): unknown {
  if (typeof v === 'string') return redact(v);
  if (v instanceof Error) return redact(v.stack ?? `${v.name}: ${v.message}`);
  if (v === null || typeof v !== 'object') return v;
  try {
    return redact(JSON.stringify(v));
  } catch {
    return redact(String(v));
  }
}

export function configureLog(
  log: NodeLogger,
  o: { dir: string; redact: () => (s: string) => string; console?: boolean },
): NodeLogger {
  log.transports.file.resolvePathFn = () => path.join(o.dir, 'main.log');
  log.transports.file.maxSize = LOG_MAX_BYTES;
  log.transports.file.archiveLogFn = (f) => rotate(f.toString());
  log.transports.file.level = 'info';
  log.transports.console.level = o.console ? 'info' : false;
  log.hooks.push((message) => {
    const redact = o.redact();
    return { ...message, data: message.data.map((v) => redactValue(v, redact)) };
  });
  return log;
}
