import { backupDue, backupLedger, DEFAULT_KEEP, type BackupInfo } from './backup';
import type { Db } from './database';

const CHECK_MS = 3_600_000;

/**
 * The daily copy: one at start when the newest is a day old (or missing), then checked every
 * hour, so a PC switched off at night still gets its copy the next morning. A failed copy is
 * reported and retried at the next check; it never stops the app.
 */
export function scheduleLedgerBackups(o: {
  db: Db;
  dir: string;
  keep?: number;
  now?: () => number;
  onDone?: (info: BackupInfo) => void;
  onError?: (e: Error) => void;
}) {
  const now = o.now ?? Date.now;
  let running = false;
  const check = async () => {
    if (running || !backupDue(o.dir, now())) return;
    running = true;
    try {
      o.onDone?.(
        await backupLedger(o.db, o.dir, { keep: o.keep ?? DEFAULT_KEEP, now: new Date(now()) }),
      );
    } catch (e) {
      o.onError?.(e as Error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref?.();
  return {
    /** Resolves once the start-up check (and its copy, if due) is done. */
    first: check(),
    stop: () => clearInterval(timer),
  };
}
