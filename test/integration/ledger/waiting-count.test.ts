import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChargeState } from '../../../shared/domain/charge-state';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { chargeRecord } from '../../helpers/charge-record';
import { tempDir } from '../../helpers/core';

// Saúde's "waiting on the PSP" line is counted by the ledger (the panel refreshes every 10 s and
// must not load every open charge to count a few: issue 35, memory per open charge).
describe('charges waiting on the PSP, counted by the ledger', () => {
  const charge = chargeRecord;

  it('counts uncertain, submitting and pending-past-expiry charges, nothing else', () => {
    const ledger = Ledger.open(path.join(tempDir(), 'ledger.sqlite'));
    const now = 10_000;
    const rows: Array<[string, ChargeState, number]> = [
      ['u', 'UNCERTAIN', now + 60_000],
      ['s', 'SUBMITTING', now + 60_000],
      ['late', 'PENDING', now - 1],
      ['fresh', 'PENDING', now + 60_000],
      ['edge', 'PENDING', now],
      ['paid', 'PAID', now - 1],
      ['gone', 'EXPIRED', now - 1],
      ['cancel', 'CANCELED', now - 1],
    ];
    for (const [id, status, exp] of rows)
      ledger.charges.insert(charge(id, status, exp), { to: status, source: 'test', at: 0 });
    expect(ledger.charges.countWaiting(now)).toBe(3);
    // The same count the panel made by loading every open charge before.
    const byLoading = ledger.charges
      .open()
      .filter(
        (c) =>
          c.status === 'UNCERTAIN' ||
          c.status === 'SUBMITTING' ||
          (c.status === 'PENDING' && c.expiresAt < now),
      ).length;
    expect(byLoading).toBe(3);
    ledger.close();
  });
});
