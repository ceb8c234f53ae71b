import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChargeRecord } from '../../../electron/services/ledger/charges-repo';
import { HistoryQuery } from '../../../electron/services/ledger/history-query';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { tempDir } from '../../helpers/core';

const day = { from: new Date(2026, 10, 21).getTime(), to: new Date(2026, 10, 22).getTime() };

function seed() {
  const ledger = Ledger.open(path.join(tempDir(), 'ledger.sqlite'));
  const at = day.from + 9 * 3_600_000;
  const add = (i: number, over: Partial<ChargeRecord> = {}) => {
    const c: ChargeRecord = {
      id: `id-${i}`,
      externalId: `blc_${i}`,
      operation: 'deposit',
      amountCents: 1_000 + i,
      status: 'PENDING',
      flags: [],
      deferred: [],
      attempts: 1,
      terminalId: 't1',
      demo: false,
      createdAt: at + i * 1000,
      updatedAt: at + i * 1000,
      expiresAt: at + i * 1000 + 900_000,
      ...over,
    };
    ledger.charges.insert(c, { to: 'SUBMITTING', source: 'create', at: c.createdAt });
    return c;
  };
  return { ledger, add, q: new HistoryQuery(ledger.db) };
}

describe('HistoryQuery (real SQLite file)', () => {
  it('pages are exact: every row once, newest first, with the true total', () => {
    const { q, add, ledger } = seed();
    // One transaction: the file is synchronous=FULL, 1,234 fsyncs would only measure the disk.
    ledger.tx(() => {
      for (let i = 0; i < 1_234; i++) add(i);
    });
    add(9_999, { createdAt: day.to + 1 }); // the next day
    const seen: string[] = [];
    for (let p = 1; ; p++) {
      const r = q.page(day, p, 100);
      expect(r.total).toBe(1_234);
      if (r.items.length === 0) break;
      seen.push(...r.items.map((c) => c.id));
    }
    expect(seen).toHaveLength(1_234);
    expect(new Set(seen).size).toBe(1_234);
    expect(seen[0]).toBe('id-1233');
    expect(q.closingCharges(day.from, day.to)).toHaveLength(1_234);
    ledger.close();
  });

  it('text matches the amount, the description (LIKE wildcards literal) and any id', () => {
    const { q, add, ledger } = seed();
    add(1, { description: '100% natural' });
    add(2, { description: 'Suco_de_uva', pspTransactionId: 'psp-777' });
    add(3, { amountCents: 1_234, description: 'Pão' });
    const ids = (text: string) => q.page({ ...day, text }, 1, 50).items.map((c) => c.id);
    expect(ids('%')).toEqual(['id-1']);
    expect(ids('_de_')).toEqual(['id-2']);
    expect(ids('psp-777')).toEqual(['id-2']);
    expect(ids('blc_3')).toEqual(['id-3']);
    expect(ids('12,34')).toEqual(['id-3']);
    expect(ids('R$ 12,34')).toEqual(['id-3']);
    expect(q.page({ ...day, status: 'PAID' }, 1, 50).total).toBe(0);
    ledger.close();
  });

  it('a charge found by any id carries when it was paid, from its status history', () => {
    const { q, add, ledger } = seed();
    const c = add(1);
    const paidAt = c.createdAt + 42_000;
    ledger.charges.save(
      { ...c, status: 'PAID', pspTransactionId: 'psp-1' },
      { from: 'PENDING', to: 'PAID', source: 'callback', at: paidAt },
    );
    expect(q.charge('psp-1')).toMatchObject({ id: 'id-1', status: 'PAID', paidAt });
    expect(q.charge('blc_1')?.paidAt).toBe(paidAt);
    expect(q.charge('nope')).toBeUndefined();
    ledger.close();
  });
});
