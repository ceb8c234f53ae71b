import { backupDue, backupLedger, DEFAULT_KEEP, listBackups, type BackupInfo } from './backup';
import { copyBackupTo } from './backup-folder';
import type { Db } from './database';

const CHECK_MS = 3_600_000;

/**
 * The daily copy: one at start when the newest is a day old (or missing), then checked every
 * hour, so a PC switched off at night still gets its copy the next morning. A failed copy is
 * reported and retried at the next check; it never stops the app. With the owner's second
 * folder (`extraDir`, read at each check), the newest copy goes there too when that folder's is a
 * day old: a folder that fails (a disk unplugged) is reported apart and never stops nor multiplies
 * the copies in `dir`.
 */
export function scheduleLedgerBackups(o: {
  db: Db;
  dir: string;
  /** The owner's second folder ('' = none), read at each check. */
  extraDir?: () => string;
  keep?: number;
  now?: () => number;
  onDone?: (info: BackupInfo) => void;
  onError?: (e: Error) => void;
}) {
  const now = o.now ?? Date.now;
  let running = false;
  const keep = o.keep ?? DEFAULT_KEEP;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      // Taken first, reported after: `onDone?.(await …)` would skip the copy without a listener.
      if (backupDue(o.dir, now())) {
        const info = await backupLedger(o.db, o.dir, { keep, now: new Date(now()) });
        o.onDone?.(info);
      }
    } catch (e) {
      o.onError?.(e as Error);
    }
    try {
      const extra = o.extraDir?.() ?? '';
      const newest = listBackups(o.dir)[0];
      if (extra && newest && backupDue(extra, now())) {
        const info = copyBackupTo(newest, extra, keep);
        o.onDone?.(info);
      }
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
    /** A check now (the owner just chose a second folder): its copy within seconds, not an hour. */
    checkNow: check,
    stop: () => clearInterval(timer),
  };
}
