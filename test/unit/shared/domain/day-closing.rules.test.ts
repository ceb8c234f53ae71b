import { describe, expect, it } from 'vitest';
import {
  closeDay,
  isDifferentAmount,
  type ClosingCharge,
} from '../../../../shared/domain/day-closing';
import { D, D1, H } from '../../../helpers/closing-days';

// Fechamento do dia, rule by rule: what the owner reads for one day.
const zero = { count: 0, amountCents: 0 };
const c = (over: Partial<ClosingCharge>): ClosingCharge => ({
  status: 'PAID',
  amountCents: 1000,
  flags: [],
  demo: false,
  createdAt: D.from + 10 * H,
  ...over,
});

describe('which day a charge belongs to', () => {
  it('local midnight opens the day; the next midnight belongs to the next day', () => {
    const first = c({ status: 'PENDING', createdAt: D.from });
    const next = c({ status: 'PENDING', createdAt: D.to });
    const d = closeDay(D, [first, next]).live;
    expect(d.total).toEqual({ count: 1, amountCents: 1000 });
    expect(closeDay(D1, [first, next]).live.pending).toEqual({ count: 1, amountCents: 1000 });
    expect(closeDay(D, [c({ createdAt: D.to - 1 })]).live.received.count).toBe(1);
  });

  it('a charge still being created (DRAFT, SUBMITTING) is pending', () => {
    expect(
      closeDay(D, [c({ status: 'DRAFT' }), c({ status: 'SUBMITTING', amountCents: 5 })]).live
        .pending,
    ).toEqual({ count: 2, amountCents: 1005 });
  });

  it('a charge created on another day and not paid is not in this day', () => {
    const d = closeDay(D1, [
      c({ status: 'PENDING' }),
      c({ status: 'FAILED' }),
      c({ status: 'CANCELED' }),
    ]).live;
    expect([d.pending, d.failed, d.canceled, d.total]).toEqual([zero, zero, zero, zero]);
  });
});

describe('money on the day it moved', () => {
  it('a refunded charge of an older row (no refund time) comes off the day it was paid', () => {
    const r = c({ status: 'REFUNDED', paidAt: D1.from + H, feeCents: 0 });
    expect(closeDay(D1, [r]).live.refunded).toEqual({ count: 1, amountCents: 1000 });
    expect(closeDay(D1, [r]).live.received.netCents).toBe(0);
    expect(closeDay(D, [r]).live.refunded).toEqual(zero);
  });

  it('a refunded charge neither paid nor refunded this day is only in the day’s total', () => {
    const r = c({ status: 'REFUNDED', paidAt: D1.from + H, refundedAt: D1.from + 2 * H });
    const d = closeDay(D, [r]).live;
    expect(d.refunded).toEqual(zero);
    expect(d.received.count).toBe(0);
    expect(d.paidOtherDay).toEqual({ count: 1, amountCents: 1000 });
  });

  it('a devolução of a DEMO sale comes off the DEMO section, never the live one', () => {
    const d = closeDay(D, [], [], [{ amountCents: 300, demo: true, doneAt: D.from + H }]);
    expect(d.demo.refunded).toEqual({ count: 1, amountCents: 300 });
    expect(d.demo.received.netCents).toBe(-300);
    expect(d.live.refunded).toEqual(zero);
    expect(d.live.received.netCents).toBe(0);
  });

  it('a devolução done on another day is not this day’s', () => {
    const d = closeDay(D, [], [], [{ amountCents: 300, demo: false, doneAt: D.to }]);
    expect(d.live.refunded).toEqual(zero);
  });

  it('a day with no charges, withdrawals or refunds is all zeros', () => {
    const d = closeDay(D, []);
    expect(d.live.received).toMatchObject({ count: 0, amountCents: 0, netCents: 0 });
    expect(d.live.refunded).toEqual(zero);
    expect(d.withdrawals).toEqual({
      completed: zero,
      processing: zero,
      failed: zero,
      total: zero,
    });
  });
});

describe('paid with another amount', () => {
  it('an older row flagged AMOUNT_MISMATCH (what arrived not kept) is still “another amount”', () => {
    const old = c({ flags: ['AMOUNT_MISMATCH'] });
    expect(isDifferentAmount(old)).toBe(true);
    expect(closeDay(D, [old]).live.received).toMatchObject({
      differentCount: 1,
      differentChargedCents: 1000,
      differentReceivedCents: 1000,
    });
  });

  it('what arrived equal to what was charged is not another amount', () => {
    expect(isDifferentAmount(c({ receivedCents: 1000 }))).toBe(false);
    expect(isDifferentAmount(c({}))).toBe(false);
  });
});

describe('DEMO withdrawals', () => {
  it('count in DEMO withdrawals only, never in the live ones', () => {
    const k = closeDay(
      D,
      [],
      [
        { status: 'COMPLETED', amountCents: 2500, demo: true },
        { status: 'COMPLETED', amountCents: 900 },
      ],
    );
    expect(k.withdrawals.completed).toEqual({ count: 1, amountCents: 900 });
    expect(k.withdrawals.total).toEqual({ count: 1, amountCents: 900 });
    expect(k.demoWithdrawals.completed).toEqual({ count: 1, amountCents: 2500 });
  });
});
