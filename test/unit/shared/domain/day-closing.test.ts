import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../../helpers/property-runs';
import { CHARGE_STATES } from '../../../../shared/domain/charge-state';
import {
  closeDay,
  dayRange,
  isReceived,
  receivedOf,
  type ClosingCharge,
  type DayClosing,
  type DayRange,
} from '../../../../shared/domain/day-closing';
import { D, D1, H } from '../../../helpers/closing-days';

const at = (day: DayRange, h: number, m = 0) => day.from + h * H + m * 60_000;

const c = (over: Partial<ClosingCharge>): ClosingCharge => ({
  status: 'PAID',
  amountCents: 1000,
  flags: [],
  demo: false,
  createdAt: at(D, 10),
  ...over,
});

describe('closeDay', () => {
  it('received = PAID or LATE_PAYMENT (either representation), with fees, net and the late count', () => {
    const r = closeDay(D, [
      c({ feeCents: 10 }),
      c({
        status: 'CANCELED',
        flags: ['LOCAL_CANCEL', 'LATE_PAYMENT'],
        amountCents: 500,
        feeCents: 5,
      }),
      c({ status: 'PAID', flags: ['LATE_PAYMENT'], amountCents: 300 }),
      c({ status: 'EXPIRED', amountCents: 200 }),
      c({ status: 'FAILED', amountCents: 50 }),
      c({ status: 'PENDING', amountCents: 70 }),
      c({ status: 'UNCERTAIN', amountCents: 80 }),
      c({ status: 'CANCELED', amountCents: 90 }),
      c({ demo: true, amountCents: 99_999, feeCents: 999 }),
    ]);
    expect(r.live.received).toEqual({
      count: 3,
      amountCents: 1800,
      lateCount: 2,
      lateAmountCents: 800,
      createdOtherDayCount: 0,
      createdOtherDayAmountCents: 0,
      differentCount: 0,
      differentChargedCents: 0,
      differentReceivedCents: 0,
      feeCents: 15,
      netCents: 1785,
      feeUnknownCount: 1,
    });
    expect(r.live.expired).toEqual({ count: 1, amountCents: 200 });
    expect(r.live.canceled).toEqual({ count: 1, amountCents: 90 });
    expect(r.live.failed).toEqual({ count: 1, amountCents: 50 });
    expect(r.live.pending).toEqual({ count: 1, amountCents: 70 });
    expect(r.live.uncertain).toEqual({ count: 1, amountCents: 80 });
    expect(r.live.total).toEqual({ count: 8, amountCents: 2290 });
    expect(r.demo.received.amountCents).toBe(99_999);
    expect(r.demo.total.count).toBe(1);
  });

  it('adds the withdrawals by outcome', () => {
    const r = closeDay(
      D,
      [],
      [
        { status: 'COMPLETED', amountCents: 100 },
        { status: 'PROCESSING', amountCents: 200 },
        { status: 'UNCERTAIN', amountCents: 300 },
        { status: 'FAILED', amountCents: 400 },
      ],
    );
    expect(r.withdrawals).toEqual({
      completed: { count: 1, amountCents: 100 },
      processing: { count: 2, amountCents: 500 },
      failed: { count: 1, amountCents: 400 },
      total: { count: 4, amountCents: 1000 },
    });
  });

  it('isReceived', () => {
    expect(isReceived({ status: 'EXPIRED', flags: ['LATE_PAYMENT'] })).toBe(true);
    expect(isReceived({ status: 'EXPIRED', flags: [] })).toBe(false);
  });
});

describe('closeDay counts money on the day it landed', () => {
  const zero = { count: 0, amountCents: 0 };

  it('paid with another amount: received counts what arrived, and the line says charged vs received', () => {
    const r = closeDay(D, [
      c({ status: 'PAID_DIFFERENT_AMOUNT', amountCents: 5678, receivedCents: 1, feeCents: 0 }),
      c({ status: 'PAID_DIFFERENT_AMOUNT', amountCents: 1000, receivedCents: 1500, feeCents: 10 }),
      c({ status: 'PAID', amountCents: 2000, receivedCents: 2000, feeCents: 20 }),
    ]).live;
    expect(r.received).toMatchObject({
      count: 3,
      amountCents: 1 + 1500 + 2000,
      differentCount: 2,
      differentChargedCents: 5678 + 1000,
      differentReceivedCents: 1 + 1500,
      netCents: 3501 - 30,
    });
    // What was charged still explains the day's total.
    expect(r.total).toEqual({ count: 3, amountCents: 8678 });
    const refunded = c({
      status: 'REFUNDED',
      amountCents: 5678,
      receivedCents: 1,
      refundedAt: at(D, 11),
    });
    expect(closeDay(D, [refunded]).live.refunded).toEqual({ count: 1, amountCents: 1 });
  });

  it('created 23:58 on D, paid 00:03 on D+1: received on D+1 (amount, fee, net), "paid on another day" on D', () => {
    const midnight = c({
      createdAt: at(D, 23, 58),
      paidAt: at(D1, 0, 3),
      amountCents: 12_345,
      feeCents: 123,
    });
    const d = closeDay(D, [midnight]);
    expect(d.live.received).toMatchObject({ count: 0, amountCents: 0, feeCents: 0, netCents: 0 });
    expect(d.live.paidOtherDay).toEqual({ count: 1, amountCents: 12_345 });
    expect(d.live.total).toEqual({ count: 1, amountCents: 12_345 });
    const d1 = closeDay(D1, [midnight]);
    expect(d1.live.received).toEqual({
      count: 1,
      amountCents: 12_345,
      lateCount: 0,
      lateAmountCents: 0,
      createdOtherDayCount: 1,
      createdOtherDayAmountCents: 12_345,
      differentCount: 0,
      differentChargedCents: 0,
      differentReceivedCents: 0,
      feeCents: 123,
      netCents: 12_222,
      feeUnknownCount: 0,
    });
    expect(d1.live.paidOtherDay).toEqual(zero);
    // D+1's total is the charges created on D+1: none.
    expect(d1.live.total).toEqual(zero);
  });

  it('canceled on D, paid late on D+1 (either representation): late payment of D+1, never canceled nor received on D', () => {
    const late = [
      c({
        flags: ['LOCAL_CANCEL', 'LATE_PAYMENT'],
        createdAt: at(D, 22),
        paidAt: at(D1, 9),
        amountCents: 2_345,
        feeCents: 23,
      }),
      c({
        status: 'CANCELED',
        flags: ['LATE_PAYMENT'],
        createdAt: at(D, 23),
        paidAt: at(D1, 10),
        amountCents: 3_050,
        feeCents: 30,
      }),
    ];
    const d = closeDay(D, late);
    expect(d.live.received.count).toBe(0);
    expect(d.live.canceled).toEqual(zero);
    expect(d.live.paidOtherDay).toEqual({ count: 2, amountCents: 5_395 });
    expect(closeDay(D1, late).live.received).toMatchObject({
      count: 2,
      amountCents: 5_395,
      lateCount: 2,
      lateAmountCents: 5_395,
      feeCents: 53,
      netCents: 5_342,
    });
  });

  it('a refund comes off the day it happened, not the day of the payment', () => {
    const refunded = c({
      status: 'REFUNDED',
      createdAt: at(D, 15),
      paidAt: at(D, 15, 1),
      refundedAt: at(D1, 11),
      feeCents: 10,
    });
    expect(closeDay(D, [refunded]).live.received).toMatchObject({ count: 1, netCents: 990 });
    expect(closeDay(D, [refunded]).live.refunded).toEqual(zero);
    const d1 = closeDay(D1, [refunded]).live;
    expect(d1.refunded).toEqual({ count: 1, amountCents: 1000 });
    expect(d1.received).toMatchObject({ count: 0, netCents: -1000 });
  });

  /** Every state a charge can be in once sent to the PSP. */
  const STATUSES = CHARGE_STATES.filter((s) => s !== 'DRAFT' && s !== 'SUBMITTING');
  const arbCharge = fc
    .record({
      status: fc.constantFrom(...STATUSES),
      late: fc.boolean(),
      amountCents: fc.integer({ min: 1, max: 1_000_000 }),
      receivedCents: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
      feeCents: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
      demo: fc.boolean(),
      // Created on D or D+1, paid from at once to 30 hours later (past the end of D+1 too).
      createdAt: fc.integer({ min: D.from, max: D1.to - 1 }),
      paidAfterMs: fc.integer({ min: 0, max: 30 * H }),
      refundedAfterMs: fc.integer({ min: 0, max: 30 * H }),
    })
    .map((g): ClosingCharge => ({
      status: g.status,
      amountCents: g.amountCents,
      ...(g.receivedCents !== undefined && { receivedCents: g.receivedCents }),
      ...(g.feeCents !== undefined && { feeCents: g.feeCents }),
      flags: g.late ? ['LATE_PAYMENT'] : [],
      demo: g.demo,
      createdAt: g.createdAt,
      paidAt: g.createdAt + g.paidAfterMs,
      ...(g.status === 'REFUNDED' && {
        refundedAt: g.createdAt + g.paidAfterMs + g.refundedAfterMs,
      }),
    }));
  const within = (t: number | undefined, day: DayRange) =>
    t !== undefined && t >= day.from && t < day.to;
  const landed = (x: ClosingCharge, day: DayRange) =>
    (isReceived(x) || x.status === 'REFUNDED') && within(x.paidAt, day);
  const refundedIn = (x: ClosingCharge, day: DayRange) => within(x.refundedAt, day);
  const sum = (xs: ClosingCharge[], f: (x: ClosingCharge) => number) =>
    xs.reduce((s, x) => s + f(x), 0);
  /** Each charge created that day is explained by exactly one line. */
  const explained = (s: DayClosing['live']) =>
    s.received.count -
    s.received.createdOtherDayCount +
    s.paidOtherDay.count +
    s.pending.count +
    s.uncertain.count +
    s.failed.count +
    s.expired.count +
    s.canceled.count;

  it('D and D+1 together count every payment (and refund) that landed in them exactly once; every charge of a day is explained once', () => {
    fc.assert(
      fc.property(fc.array(arbCharge, { maxLength: 40 }), (charges) => {
        const days = [closeDay(D, charges), closeDay(D1, charges)];
        for (const demo of [false, true]) {
          const mine = charges.filter((x) => x.demo === demo);
          const paid = mine.filter((x) => landed(x, D) || landed(x, D1));
          const refunds = mine.filter((x) => refundedIn(x, D) || refundedIn(x, D1));
          const section = (r: DayClosing) => (demo ? r.demo : r.live);
          const both = (f: (s: DayClosing['live']) => number) =>
            days.reduce((t, r) => t + f(section(r)), 0);
          expect(both((s) => s.received.count)).toBe(paid.length);
          expect(both((s) => s.received.amountCents)).toBe(sum(paid, receivedOf));
          expect(both((s) => s.received.feeCents)).toBe(sum(paid, (x) => x.feeCents ?? 0));
          expect(both((s) => s.refunded.amountCents)).toBe(sum(refunds, receivedOf));
          expect(both((s) => s.received.netCents)).toBe(
            sum(paid, (x) => receivedOf(x) - (x.feeCents ?? 0)) - sum(refunds, receivedOf),
          );
          for (const [i, day] of [D, D1].entries()) {
            const s = section(days[i]!);
            const created = mine.filter((x) => x.createdAt >= day.from && x.createdAt < day.to);
            expect(s.total.count).toBe(created.length);
            expect(explained(s)).toBe(created.length);
            expect(s.received.amountCents).toBe(
              sum(
                mine.filter((x) => landed(x, day)),
                receivedOf,
              ),
            );
          }
        }
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('dayRange: the terminal’s local day', () => {
  it('runs from local midnight to the next local midnight, across a month’s end', () => {
    const { from, to } = dayRange('2026-11-30');
    const start = new Date(from);
    const end = new Date(to);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 10, 30, 0,
    ]);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
      2026, 11, 1, 0,
    ]);
    expect(dayRange('2026-12-01').from).toBe(to);
  });
});
