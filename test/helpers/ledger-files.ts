import Database from 'better-sqlite3';
import path from 'node:path';
import { Ledger } from '../../electron/services/ledger/ledger';
import { MIGRATIONS } from '../../electron/services/ledger/migrations';
import { tempDir } from './core';

/** Adds `n` paid charges `c{i}` / `e{i}` of 100 + i cents, i from `from`, in one transaction. */
export function addCharges(ledger: Ledger, from: number, n: number) {
  const insert = ledger.db.prepare(
    `INSERT INTO charges (id, external_id, operation, amount_cents, status, terminal_id, demo,
       created_at, updated_at, expires_at)
     VALUES (?, ?, 'deposit', ?, 'PAID', 't1', 0, 1000, 1000, 5000)`,
  );
  ledger.tx(() => {
    for (let i = from; i < from + n; i++) insert.run(`c${i}`, `e${i}`, 100 + i);
  });
}

/** A new data folder, its ledger open (copies kept in `backups/`) with `n` paid charges c0… */
export function ledgerWithCharges(n: number) {
  const dataDir = tempDir();
  const file = path.join(dataDir, 'ledger.sqlite');
  const backups = path.join(dataDir, 'backups');
  const ledger = Ledger.open(file, { backupDir: backups });
  addCharges(ledger, 0, n);
  return { dataDir, file, backups, ledger };
}

/** A version-1 ledger, as an older app left it, at `file`: one pending charge c1 of R$ 19,90. */
export function writeVersion1Ledger(file: string) {
  const old = new Database(file);
  old.exec(MIGRATIONS[0]!);
  old.pragma('user_version = 1');
  old
    .prepare(
      `INSERT INTO charges (id, external_id, operation, amount_cents, status, terminal_id, demo,
         created_at, updated_at, expires_at)
       VALUES ('c1', 'e1', 'deposit', 1990, 'PENDING', 't1', 0, 1000, 1000, 5000)`,
    )
    .run();
  old.close();
}
