import { describe, expect, it } from 'vitest';
import { closeDay, isReceived, type ClosingCharge } from '../../../../shared/domain/day-closing';

const c = (over: Partial<ClosingCharge>): ClosingCharge => ({
  status: 'PAID',
  amountCents: 1000,
  flags: [],
  demo: false,
  ...over,
});

describe('closeDay', () => {
  it('received = PAID or LATE_PAYMENT (either representation), with fees, net and the late count', () => {
    const r = closeDay([
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
