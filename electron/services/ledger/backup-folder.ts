/**
 * The owner's second folder for the ledger's daily copies (another disk, a folder a cloud client
 * syncs): checked when chosen, so a folder that is missing or read-only is refused in words
 * before anything relies on it; and each copy put there the way the first one was made (a
 * temporary name, reopened and checked, then its name; the newest `keep` kept).
 */
import {
  accessSync,
  constants,
  copyFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { err, ok, type Result } from '../../../shared/result';
import { BACKUP_PREFIX, DEFAULT_KEEP, listBackups, verifyBackup, type BackupInfo } from './backup';

const FIELD = 'backups.extraDir';

/** `dir` as the owner gave it, when it is an existing folder this process can write in. */
export function checkBackupFolder(dir: string): Result<string> {
  const params = { dir };
  if (!path.isAbsolute(dir))
    return err('validation', 'BACKUP_DIR_NOT_ABSOLUTE', { field: FIELD, params });
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
  } catch {
    return err('validation', 'BACKUP_DIR_MISSING', { field: FIELD, params });
  }
  // access() alone trusts the mode bits; a read-only mount or a full disk only shows on a write.
  const probe = path.join(dir, `.balcao-teste-${process.pid}-${Date.now()}`);
  try {
    accessSync(dir, constants.W_OK);
    writeFileSync(probe, 'balcao');
    return ok(dir);
  } catch {
    return err('validation', 'BACKUP_DIR_NOT_WRITABLE', { field: FIELD, params });
  } finally {
    rmSync(probe, { force: true });
  }
}

/** A verified copy (from the data folder's `backups/`) put into `dir` too, checked again there. */
export function copyBackupTo(file: string, dir: string, keep = DEFAULT_KEEP): BackupInfo {
  const name = path.basename(file);
  if (!name.startsWith(BACKUP_PREFIX)) throw new Error(`${file} não é uma cópia do livro`);
  const dest = path.join(dir, name);
  const tmp = `${dest}.partial`;
  try {
    copyFileSync(file, tmp);
    verifyBackup(tmp);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  renameSync(tmp, dest);
  for (const old of listBackups(dir).slice(keep)) rmSync(old, { force: true });
  return verifyBackup(dest);
}
