// The relay's SQLite store copied while it runs, like the app's ledger: better-sqlite3's online
// backup API (a consistent snapshot even with the relay writing), then the copy reopened and
// checked before it is called good. Restore: stop the relay, move the copy over the store's
// file (removing its -wal/-shm), start again.
import Database from 'better-sqlite3';
import { renameSync, rmSync } from 'node:fs';

export interface RelayBackupInfo {
  file: string;
  channels: number;
  events: number;
}

export async function backupRelayStore(storeFile: string, dest: string): Promise<RelayBackupInfo> {
  const tmp = `${dest}.partial`;
  const src = new Database(storeFile, { readonly: true, fileMustExist: true });
  try {
    await src.backup(tmp);
  } finally {
    src.close();
  }
  const copy = new Database(tmp, { readonly: true });
  try {
    if (copy.pragma('integrity_check', { simple: true }) !== 'ok') {
      throw new Error(`relay backup: the copy of ${storeFile} failed its integrity check`);
    }
    const count = (t: string) =>
      (copy.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
    const info = { channels: count('channels'), events: count('events') };
    copy.close();
    renameSync(tmp, dest);
    return { file: dest, ...info };
  } catch (e) {
    copy.close();
    rmSync(tmp, { force: true });
    throw e;
  }
}
