import { ok } from '../../../shared/result';
import { cancelRestore, chooseRestore, keptBackups, restoreChoice } from '../ledger/restore-choice';
import type { Logger } from '../log';

/** The owner's view of the kept ledger copies, and the restore chosen for the next start. */
export function backupControls(dataDir: string, backupDir: string, logger: Logger) {
  const list = () => {
    const pending = restoreChoice(dataDir);
    return {
      backups: keptBackups(backupDir),
      pending: pending && {
        name: pending.name,
        takenAt: pending.takenAt,
        charges: pending.charges,
      },
    };
  };
  return {
    list,
    restore(name: string) {
      const r = chooseRestore(dataDir, backupDir, name);
      if (!r.ok) return r;
      logger.info(`restore chosen for the next start: ${name} (${r.value.charges} charges)`);
      return ok(list());
    },
    cancelRestore() {
      cancelRestore(dataDir);
      return list();
    },
  };
}
