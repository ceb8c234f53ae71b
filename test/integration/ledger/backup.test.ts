// Backups of the ledger on real SQLite files: the daily online copy, the copy before a
// migration, rotation, and a restore after the ledger file is destroyed.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  backupDue,
  backupLedger,
  DAY_MS,
  listBackups,
  restoreLedger,
  verifyBackup,
} from '../../../electron/services/ledger/backup';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { MIGRATIONS } from '../../../electron/services/ledger/migrations';
import { restoreIfAsked } from '../../../electron/main/os/restore-arg';
import { tempDir } from '../../helpers/core';
import { addCharges, ledgerWithCharges, writeVersion1Ledger } from '../../helpers/ledger-files';

const amounts = (ledger: Ledger) =>
  ledger.db.prepare('SELECT id, amount_cents FROM charges ORDER BY id').all();

describe('ledger backups', () => {
  it('a daily copy, the ledger destroyed, the copy restored: every charge is back', async () => {
    const { dataDir, file, backups, ledger } = ledgerWithCharges(250);
    const before = amounts(ledger);
    const info = await backupLedger(ledger.db, backups);
    expect(info).toMatchObject({ charges: 250, version: MIGRATIONS.length });
    ledger.close();

    // The disk garbles the ledger: pages overwritten in the middle of the file.
    const bytes = readFileSync(file);
    bytes.fill(0xa5, 4096, bytes.length - 4096);
    writeFileSync(file, bytes);
    expect(() => {
      const broken = Ledger.open(file);
      try {
        broken.db.prepare('SELECT count(*) FROM charges').get();
        if (broken.db.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error('bad');
      } finally {
        broken.close();
      }
    }).toThrow();

    expect(restoreLedger(info.file, file)).toMatchObject({ charges: 250 });
    const restored = Ledger.open(file);
    expect(amounts(restored)).toEqual(before);
    expect(restored.charges.get('c249')).toMatchObject({ amountCents: 349, status: 'PAID' });
    restored.close();
    // The garbled file is kept aside, not deleted (with its -wal/-shm sidecars, when any).
    expect(
      readdirSync(dataDir).filter(
        (f) => f.startsWith('ledger.sqlite.antes-de-restaurar-') && !/-(wal|shm)$/.test(f),
      ),
    ).toHaveLength(1);
  });

  it('copies taken while the app keeps writing are whole; the newest N are kept', async () => {
    const dir = tempDir();
    const ledger = Ledger.open(path.join(dir, 'ledger.sqlite'));
    const backups = path.join(dir, 'copias');
    for (let day = 0; day < 5; day++) {
      addCharges(ledger, day * 10, 10);
      const taking = backupLedger(ledger.db, backups, {
        keep: 3,
        now: new Date(Date.UTC(2026, 10, 1 + day, 23)),
      });
      addCharges(ledger, 1000 + day * 10, 10); // written while the copy runs
      await taking;
    }
    const kept = listBackups(backups);
    expect(kept.map((f) => path.basename(f))).toEqual([
      'ledger-20261105-230000-diario.sqlite',
      'ledger-20261104-230000-diario.sqlite',
      'ledger-20261103-230000-diario.sqlite',
    ]);
    for (const f of kept) expect(verifyBackup(f).charges).toBeGreaterThanOrEqual(30);
    expect(backupDue(backups, Date.now())).toBe(false);
    expect(backupDue(backups, Date.now() + DAY_MS)).toBe(true);
    expect(backupDue(path.join(dir, 'none'), Date.now())).toBe(true);
    ledger.close();
  });

  it('an older ledger is copied before its migration, and the copy has the old schema', () => {
    const dir = tempDir();
    const file = path.join(dir, 'ledger.sqlite');
    writeVersion1Ledger(file);
    const backups = path.join(dir, 'backups');
    Ledger.open(file, { backupDir: backups }).close();
    const [copy] = listBackups(backups);
    expect(path.basename(copy!)).toMatch(/-antes-da-migracao\.sqlite$/);
    expect(verifyBackup(copy!)).toMatchObject({ version: 1, charges: 1 });
    // Opening the migrated ledger again takes no further copy.
    Ledger.open(file, { backupDir: backups }).close();
    expect(listBackups(backups)).toHaveLength(1);
  });

  it('refuses to restore a file that is not a ledger copy, and leaves the ledger alone', () => {
    const dir = tempDir();
    const file = path.join(dir, 'ledger.sqlite');
    const ledger = Ledger.open(file);
    addCharges(ledger, 0, 3);
    ledger.close();
    const bogus = path.join(dir, 'foto.jpg');
    writeFileSync(bogus, 'not sqlite at all, just some bytes '.repeat(200));
    expect(() => restoreLedger(bogus, file)).toThrow(/não é uma cópia do livro de cobranças/);
    expect(existsSync(file)).toBe(true);
    const still = Ledger.open(file);
    expect(amounts(still)).toHaveLength(3);
    still.close();
  });
});

describe('balcao --restaurar <arquivo>', () => {
  it('restores the named copy into the data folder, or says why not', async () => {
    const dataDir = tempDir();
    const ledger = Ledger.open(path.join(dataDir, 'ledger.sqlite'));
    addCharges(ledger, 0, 5);
    const copy = await backupLedger(ledger.db, path.join(dataDir, 'backups'));
    addCharges(ledger, 5, 5); // sold after the copy: gone once the copy is restored
    ledger.close();

    expect(restoreIfAsked(['balcao'], dataDir)).toBeUndefined();
    expect(restoreIfAsked(['balcao', '--restaurar'], dataDir)).toMatchObject({ ok: false });
    expect(
      restoreIfAsked(['balcao', '--restaurar', path.join(dataDir, 'x.sqlite')], dataDir),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^Não foi possível restaurar/) });
    expect(restoreIfAsked(['balcao', `--restaurar=${copy.file}`], dataDir)).toMatchObject({
      ok: true,
      message: expect.stringContaining('5 cobranças'),
    });
    const back = Ledger.open(path.join(dataDir, 'ledger.sqlite'));
    expect(amounts(back)).toHaveLength(5);
    back.close();
  });
});
