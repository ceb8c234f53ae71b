// The roster snapshot's pure rules (roster-snapshot.ts): the version only goes up, even after a
// backup with an old version is restored; a snapshot with a bad member is not applicable.
import { describe, expect, it } from 'vitest';
import { isSnapshot, nextVersion } from '../../../electron/services/journal/roster-snapshot';

const pinHash = { salt: 'ab'.repeat(16), hash: 'cd'.repeat(32), N: 32768, r: 8, p: 1 };
const ana = { id: 'op-1', name: 'Ana', role: 'cashier', active: true, pinHash };

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
});
