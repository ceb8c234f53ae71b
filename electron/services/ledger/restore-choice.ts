/**
 * The owner's restore from Configurações (behind the PIN): the kept copies of the ledger, each
 * with the date it was taken and its sale count, and a restore chosen for the next start. The
 * ledger is never swapped under the running app: the choice is a small file in the data folder,
 * and the main process puts the copy back at the next start, before the ledger is opened,
 * through the same code as `balcao --restaurar` (electron/main/os/restore-arg.ts).
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { err, ok, type Result } from '../../../shared/result';
import { BACKUP_PREFIX, listBackups, verifyBackup } from './backup';

/** The chosen copy, in the data folder until the next start uses it. */
export const RESTORE_CHOICE_FILE = 'restaurar-ao-abrir.json';

export interface KeptBackup {
  /** The file's name in the backup folder (what the owner picks; never a path). */
  name: string;
  /** When it was taken (from its name: UTC), ms. */
  takenAt: number;
  reason: 'diario' | 'antes-da-migracao' | 'manual';
  /** Sales (charges) in the copy; absent when the copy does not open as a whole ledger. */
  charges?: number;
  ok: boolean;
}

const NAME =
  /^ledger-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(diario|antes-da-migracao|manual)\.sqlite$/;

/** A copy's time and reason from its name (backupName); undefined for any other name. */
export function parseBackupName(name: string) {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, reason] = m;
  return {
    takenAt: Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!),
    reason: reason as KeptBackup['reason'],
  };
}

/** The copies in `backupDir`, newest first, each opened and counted. */
export function keptBackups(backupDir: string): KeptBackup[] {
  return listBackups(backupDir).flatMap((file): KeptBackup[] => {
    const name = path.basename(file);
    const parsed = parseBackupName(name);
    if (!parsed) return [];
    try {
      return [{ name, ...parsed, charges: verifyBackup(file).charges, ok: true }];
    } catch {
      return [{ name, ...parsed, ok: false }];
    }
  });
}

export interface RestoreChoice {
  name: string;
  /** The copy's full path, as the next start reads it. */
  file: string;
  takenAt: number;
  charges: number;
}

/** The restore chosen for the next start, if any. */
export function restoreChoice(dataDir: string): RestoreChoice | null {
  const file = path.join(dataDir, RESTORE_CHOICE_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RestoreChoice;
  } catch {
    return null;
  }
}

/**
 * Chooses the copy named `name` (one of `keptBackups`, checked again now) for the next start.
 * Codes: BACKUP_NOT_FOUND (no such copy kept), BACKUP_DAMAGED (it does not open whole).
 */
export function chooseRestore(
  dataDir: string,
  backupDir: string,
  name: string,
): Result<RestoreChoice> {
  const file = listBackups(backupDir).find((f) => path.basename(f) === name);
  const parsed = parseBackupName(name);
  if (!file || !parsed || !name.startsWith(BACKUP_PREFIX))
    return err('validation', 'BACKUP_NOT_FOUND', { field: 'name' });
  let charges: number;
  try {
    charges = verifyBackup(file).charges;
  } catch {
    return err('validation', 'BACKUP_DAMAGED', { field: 'name' });
  }
  const choice: RestoreChoice = { name, file, takenAt: parsed.takenAt, charges };
  const target = path.join(dataDir, RESTORE_CHOICE_FILE);
  writeFileSync(`${target}.tmp`, JSON.stringify(choice));
  renameSync(`${target}.tmp`, target);
  return ok(choice);
}

/** The choice withdrawn: the next start opens the ledger as it is. */
export function cancelRestore(dataDir: string): void {
  rmSync(path.join(dataDir, RESTORE_CHOICE_FILE), { force: true });
}

/**
 * At start, before the ledger is opened: the chosen copy's file, and the choice removed (it is
 * used once, whatever happens next).
 */
export function takeRestoreChoice(dataDir: string): string | undefined {
  const choice = restoreChoice(dataDir);
  cancelRestore(dataDir);
  return choice?.file;
}
