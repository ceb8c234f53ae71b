// The owner's second folder for the ledger's copies (another disk), on real files and SQLite:
// a folder that is missing, relative or not writable is refused in words and nothing changes;
// a good one gets the daily copy too; one that fails later (a disk unplugged) never stops the
// copies in the data folder.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listBackups, verifyBackup } from '../../../electron/services/ledger/backup';
import { scheduleLedgerBackups } from '../../../electron/services/ledger/backup-schedule';
import { SettingsService } from '../../../electron/services/settings-service';
import { tempDir } from '../../helpers/core';
import { ledgerWithCharges } from '../../helpers/ledger-files';

const folderIn = () => {
  const dir = path.join(tempDir(), 'outro-disco');
  mkdirSync(dir);
  return dir;
};

describe('the backup folder setting', () => {
  it('a folder that does not exist, a relative path or a read-only one: refused, naming it; the setting unchanged', () => {
    const { ledger } = ledgerWithCharges(3);
    const settings = new SettingsService(ledger.kv);
    const good = folderIn();
    expect(settings.update({ backups: { extraDir: good } }).ok).toBe(true);
    const missing = path.join(tempDir(), 'nao-existe');
    expect(settings.update({ backups: { extraDir: missing } })).toMatchObject({
      ok: false,
      code: 'BACKUP_DIR_MISSING',
      field: 'backups.extraDir',
      params: { dir: missing },
    });
    // A file where the folder should be.
    const file = path.join(tempDir(), 'um-arquivo');
    writeFileSync(file, 'x');
    expect(settings.update({ backups: { extraDir: file } })).toMatchObject({
      code: 'BACKUP_DIR_MISSING',
    });
    expect(settings.update({ backups: { extraDir: 'copias' } })).toMatchObject({
      code: 'BACKUP_DIR_NOT_ABSOLUTE',
    });
    // procfs: a folder nobody can create a file in, even root (a chmod would not stop root).
    expect(settings.update({ backups: { extraDir: '/proc' } })).toMatchObject({
      code: 'BACKUP_DIR_NOT_WRITABLE',
    });
    expect(settings.get().backups.extraDir).toBe(good);
    // Nothing of the checks is left in the folder.
    expect(listBackups(good)).toEqual([]);
    ledger.close();
  });

  it('the daily copy goes to the data folder and to the chosen folder, each a whole ledger', async () => {
    const { ledger, backups } = ledgerWithCharges(40);
    const extra = folderIn();
    const done: string[] = [];
    const errors: string[] = [];
    const s = scheduleLedgerBackups({
      db: ledger.db,
      dir: backups,
      extraDir: () => extra,
      onDone: (b) => done.push(b.file),
      onError: (e) => errors.push(e.message),
    });
    await s.first;
    s.stop();
    expect(listBackups(backups)).toHaveLength(1);
    expect(listBackups(extra).map((f) => path.basename(f))).toEqual(
      listBackups(backups).map((f) => path.basename(f)),
    );
    expect(verifyBackup(listBackups(extra)[0]!).charges).toBe(40);
    // Checked again within the day: nothing more anywhere.
    await s.checkNow();
    expect(listBackups(backups)).toHaveLength(1);
    expect(listBackups(extra)).toHaveLength(1);
    ledger.close();
  });

  it('the chosen folder gone later (disk unplugged): said, the data folder’s copy still taken, once', async () => {
    const { ledger, backups } = ledgerWithCharges(5);
    const extra = folderIn();
    rmSync(extra, { recursive: true });
    const errors: string[] = [];
    const s = scheduleLedgerBackups({
      db: ledger.db,
      dir: backups,
      extraDir: () => extra,
      onError: (e) => errors.push(e.message),
    });
    await s.first;
    await s.checkNow();
    await s.checkNow();
    s.stop();
    expect(listBackups(backups)).toHaveLength(1);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain(extra);
    ledger.close();
  });

  it('a folder chosen later gets the newest copy at the next check (the owner’s save asks for one)', async () => {
    const { ledger, backups } = ledgerWithCharges(7);
    let extra = '';
    const s = scheduleLedgerBackups({ db: ledger.db, dir: backups, extraDir: () => extra });
    await s.first;
    extra = folderIn();
    await s.checkNow();
    s.stop();
    expect(listBackups(extra).map((f) => path.basename(f))).toEqual(
      listBackups(backups).map((f) => path.basename(f)),
    );
    ledger.close();
  });
});
