import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { MIGRATIONS } from '../../../electron/services/ledger/migrations';
import { tempDir } from '../../helpers/core';
import { writeVersion1Ledger } from '../../helpers/ledger-files';

// An app update must keep every charge of the ledger it finds, on a real SQLite file.
describe('ledger migrations', () => {
  it('a version-1 ledger from an older app opens, upgrades once, and keeps its pending charge', () => {
    const file = path.join(tempDir(), 'ledger.sqlite');
    writeVersion1Ledger(file);

    const ledger = Ledger.open(file);
    expect(ledger.charges.get('c1')).toMatchObject({ amountCents: 1990, status: 'PENDING' });
    expect(ledger.charges.pendingDue(4999)).toEqual([]);
    expect(ledger.charges.pendingDue(5000).map((c) => c.id)).toEqual(['c1']);
    ledger.close();

    const reopened = new Database(file, { readonly: true });
    expect(reopened.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(
      reopened.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all(),
    ).toContain('charges_pending_expiry');
    reopened.close();
  });

  it('a ledger written by a newer app is refused with a message that says to update', () => {
    const file = path.join(tempDir(), 'ledger.sqlite');
    const newer = new Database(file);
    newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    newer.close();
    expect(() => Ledger.open(file)).toThrow(/update Balcão/);
  });
});
