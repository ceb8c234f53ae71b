import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChargeRecord } from '../../../electron/services/ledger/charges-repo';
import { CREATED_SQL, MOVES_SQL } from '../../../electron/services/ledger/closing-rows';
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

  it("the closing's rows: the day's charges, and those of other days whose money moved in it, with their times", () => {
    const { q, add, ledger } = seed();
    const min = 60_000;
    const pay = (c: ChargeRecord, at: number, from: ChargeRecord['status'] = 'PENDING') =>
      ledger.charges.save(
        { ...c, status: 'PAID', ...(from !== 'PENDING' && { flags: ['LATE_PAYMENT'] }) },
        { from, to: 'PAID', source: 'callback', at },
      );
    // Created 23:58 the day before, paid 00:03 on the day.
    const midnight = add(1, { createdAt: day.from - 2 * min });
    pay(midnight, day.from + 3 * min);
    // Created the day before, canceled then, paid late on the day.
    const late = add(2, { createdAt: day.from - 5 * 3_600_000 });
    ledger.charges.addHistory(late.id, {
      from: 'PENDING',
      to: 'CANCELED',
      source: 'cashier',
      at: late.createdAt + min,
    });
    pay(late, day.from + 9 * 3_600_000, 'CANCELED');
    // Created and paid the day before, refunded on the day.
    const refund = add(3, { createdAt: day.from - 3_600_000, status: 'PAID' });
    ledger.charges.addHistory(refund.id, {
      from: 'PENDING',
      to: 'PAID',
      source: 'callback',
      at: refund.createdAt + min,
    });
    ledger.charges.save(
      { ...refund, status: 'REFUNDED' },
      { from: 'PAID', to: 'REFUNDED', source: 'callback', at: day.from + 10 * 3_600_000 },
    );
    // Created on the day, paid after midnight: on the day's list, paid the next day.
    const tonight = add(4, { createdAt: day.to - 2 * min });
    pay(tonight, day.to + 3 * min);
    // Created and paid the day before: not the day's business.
    const before = add(5, { createdAt: day.from - 3_600_000 });
    pay(before, day.from - 3_500_000);

    const rows = q.closingCharges(day.from, day.to);
    const byAmount = new Map(rows.map((r) => [r.amountCents, r]));
    expect(rows).toHaveLength(4);
    expect(byAmount.get(midnight.amountCents)).toMatchObject({
      createdAt: midnight.createdAt,
      paidAt: day.from + 3 * min,
    });
    expect(byAmount.get(late.amountCents)).toMatchObject({
      flags: ['LATE_PAYMENT'],
      paidAt: day.from + 9 * 3_600_000,
    });
    expect(byAmount.get(refund.amountCents)).toMatchObject({
      status: 'REFUNDED',
      paidAt: refund.createdAt + min,
      refundedAt: day.from + 10 * 3_600_000,
    });
    expect(byAmount.get(tonight.amountCents)?.paidAt).toBe(day.to + 3 * min);
    expect(byAmount.has(before.amountCents)).toBe(false);

    // The day's moves come from the history's (to_status, at, …) index alone, the day's charges
    // from created_at's: nothing reads every history row.
    const plan = (sql: string) =>
      (ledger.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ...day }) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .filter((l) => /^(SEARCH|SCAN)/.test(l));
    expect(plan(MOVES_SQL)).toEqual([
      'SEARCH charge_history USING COVERING INDEX charge_history_status_at (to_status=? AND at>? AND at<?)',
      'SEARCH charge_history USING INDEX charge_history_status_at (to_status=? AND at>? AND at<?)',
    ]);
    expect(plan(CREATED_SQL)).toEqual([
      'SEARCH charges USING INDEX charges_created (created_at>? AND created_at<?)',
    ]);
    ledger.close();
  });
});
