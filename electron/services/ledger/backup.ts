/**
 * Copies of the ledger (every sale of the shop): taken with SQLite's online backup API
 * (better-sqlite3 `db.backup()`, which copies a consistent snapshot page by page while the app
 * keeps writing) once a day, and with `VACUUM INTO` (also a consistent copy, but synchronous)
 * right before a migration changes the schema. Each copy is written under a temporary name,
 * reopened and checked (`PRAGMA integrity_check`, the schema version) before it takes its final
 * name; the newest `keep` are kept. `restoreLedger` puts one back (README "Backups and restore").
 */
import Database from 'better-sqlite3';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  copyFileSync,
} from 'node:fs';
import path from 'node:path';
/** The ledger's connection (not imported from ./database, which imports this file). */
type Db = Database.Database;

export const BACKUP_PREFIX = 'ledger-';
export const DAY_MS = 24 * 3_600_000;
export const DEFAULT_KEEP = 14;

export interface BackupInfo {
  file: string;
  /** Schema version (`user_version`) and number of charges in the copy, read back from it. */
  version: number;
  charges: number;
}

/** The copy's name: sortable by time, saying why it was taken. */
export function backupName(at: Date, reason: 'diario' | 'antes-da-migracao' | 'manual') {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${BACKUP_PREFIX}${stamp}-${reason}.sqlite`;
}

/** Backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(BACKUP_PREFIX) && f.endsWith('.sqlite'))
    .sort()
    .reverse()
    .map((f) => path.join(dir, f));
}

/** Opens a copy read-only and checks it is a whole ledger; throws a plain sentence if not. */
export function verifyBackup(file: string): BackupInfo {
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`a cópia ${file} está danificada (${String(check)})`);
    const version = db.pragma('user_version', { simple: true }) as number;
    const { n } = db.prepare('SELECT count(*) AS n FROM charges').get() as { n: number };
    return { file, version, charges: n };
  } catch (e) {
    if (e instanceof Error && e.message.startsWith('a cópia')) throw e;
    throw new Error(`${file} não é uma cópia do livro de cobranças: ${(e as Error).message}`);
  } finally {
    db?.close();
  }
}

function finish(tmp: string, file: string, dir: string, keep: number): BackupInfo {
  try {
    verifyBackup(tmp);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  renameSync(tmp, file);
  for (const old of listBackups(dir).slice(keep)) rmSync(old, { force: true });
  return verifyBackup(file);
}

/** The daily copy, online (the app keeps working while it is taken). */
export async function backupLedger(
  db: Db,
  dir: string,
  o: { now?: Date; keep?: number; reason?: 'diario' | 'manual' } = {},
): Promise<BackupInfo> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupName(o.now ?? new Date(), o.reason ?? 'diario'));
  const tmp = `${file}.partial`;
  await db.backup(tmp);
  return finish(tmp, file, dir, o.keep ?? DEFAULT_KEEP);
}

/** The copy taken right before a migration, synchronously (nothing else has the ledger yet). */
export function backupBeforeMigration(db: Db, dir: string, o: { now?: Date; keep?: number } = {}) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupName(o.now ?? new Date(), 'antes-da-migracao'));
  const tmp = `${file}.partial`;
  db.prepare('VACUUM INTO ?').run(tmp);
  return finish(tmp, file, dir, o.keep ?? DEFAULT_KEEP);
}

/** Whether the newest copy in `dir` is older than a day (or there is none). */
export function backupDue(dir: string, now: number): boolean {
  const newest = listBackups(dir)[0];
  return !newest || now - statSync(newest).mtimeMs >= DAY_MS;
}

/**
 * Puts a verified copy back as the ledger (the app must not be running). The current ledger,
 * whatever state it is in, is kept beside it as `ledger.sqlite.antes-de-restaurar-<time>`.
 */
export function restoreLedger(backup: string, ledgerFile: string, now = new Date()): BackupInfo {
  const info = verifyBackup(backup);
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  if (existsSync(ledgerFile)) renameSync(ledgerFile, `${ledgerFile}.antes-de-restaurar-${stamp}`);
  // The write-ahead log belongs to the old file: replayed onto the copy it would corrupt it.
  for (const side of ['-wal', '-shm'])
    if (existsSync(ledgerFile + side))
      renameSync(ledgerFile + side, `${ledgerFile}.antes-de-restaurar-${stamp}${side}`);
  copyFileSync(backup, `${ledgerFile}.restoring`);
  renameSync(`${ledgerFile}.restoring`, ledgerFile);
  return info;
}
