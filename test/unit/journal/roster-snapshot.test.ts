// The roster snapshot's pure rules (roster-snapshot.ts): the version only goes up, even after a
// backup with an old version is restored; a snapshot with a bad member is not applicable.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/services/ledger/database';
import { KvRepo } from '../../../electron/services/ledger/kv-repo';
import {
  applySnapshot,
  isSnapshot,
  nextVersion,
} from '../../../electron/services/journal/roster-snapshot';
import { tempDir } from '../../helpers/core';

const pinHash = { salt: 'ab'.repeat(16), hash: 'cd'.repeat(32), N: 32768, r: 8, p: 1 };
const ana = { id: 'op-1', name: 'Ana', role: 'cashier' as const, active: true, pinHash };

describe('roster snapshot', () => {
  it('numbers above the last version and above an old one restored from a backup', () => {
    expect(nextVersion(undefined, 1_000)).toBe(1_000);
    expect(nextVersion(5_000, 1_000)).toBe(5_001);
    // A backup restored with version 10 on a clock at 2_000_000: still above the 1_999_999 sent.
    expect(nextVersion(10, 2_000_000)).toBe(2_000_000);
  });

  it('refuses a snapshot a counter cannot apply safely', () => {
    expect(isSnapshot({ version: 3, operators: [ana] })).toBe(true);
    expect(isSnapshot({ version: 3, operators: [] })).toBe(true);
    for (const bad of [
      null,
      { version: 0, operators: [ana] },
      { version: 1.5, operators: [ana] },
      { version: 3, operators: [{ ...ana, role: 'owner' }] },
      { version: 3, operators: [{ ...ana, name: '  ' }] },
      { version: 3, operators: [{ ...ana, pinHash: { ...pinHash, hash: 'x' } }] },
      { version: 3, operators: [{ ...ana, active: 'yes' }] },
      { version: 3, operators: [ana, ana] },
    ])
      expect(isSnapshot(bad)).toBe(false);
  });

  it("disables only whom the owner's roster listed before, never the counter's own cashiers", () => {
    const db = openDatabase(path.join(tempDir(), 'counter.sqlite'));
    const kv = new KvRepo(db);
    db.prepare(
      `INSERT INTO operators (id, name, pin_hash, role, active, created_at, updated_at)
       VALUES ('op-local', 'Caio', ?, 'cashier', 1, 1, 1)`,
    ).run(JSON.stringify(pinHash));
    const bia = { ...ana, id: 'op-2', name: 'Bia' };
    expect(applySnapshot(db, kv, { version: 1, operators: [ana, bia] }, 10)).toBe(true);
    // An owner's backup restored from before Bia: a higher version without her.
    expect(applySnapshot(db, kv, { version: 2, operators: [ana] }, 20)).toBe(true);
    const active = db.prepare('SELECT id, active FROM operators ORDER BY id').all();
    expect(active).toEqual([
      { id: 'op-1', active: 1 },
      { id: 'op-2', active: 0 },
      { id: 'op-local', active: 1 },
    ]);
    db.close();
  });
});
