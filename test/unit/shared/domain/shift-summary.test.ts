// Fechar turno's arithmetic: what a cashier's shift adds up, and that the day by operator sums
// to the day (F's shop-wide closing reuses the same function).
import { describe, expect, it } from 'vitest';
import {
  shiftSummary,
  sumSummaries,
  type ShiftCharge,
  type ShiftRefund,
} from '../../../../shared/domain/shift-summary';

const c = (p: Partial<ShiftCharge> & Pick<ShiftCharge, 'status' | 'amountCents'>): ShiftCharge => ({
  flags: [],
  demo: false,
  ...p,
});
const shift = (id: string, operatorId: string) => ({
  id,
  operatorId,
  terminalId: 'T1',
  openedAt: 1,
});

describe('shiftSummary', () => {
  it('counts sales, paid, canceled, expired, refunds and fees of one shift, in cents', () => {
    const charges = [
      c({ status: 'PAID', amountCents: 1000, feeCents: 10, shiftId: 'S1' }),
      c({ status: 'PAID_DIFFERENT_AMOUNT', amountCents: 500, receivedCents: 450, shiftId: 'S1' }),
      c({ status: 'CANCELED', amountCents: 700, shiftId: 'S1' }),
      c({ status: 'EXPIRED', amountCents: 300, shiftId: 'S1' }),
      c({ status: 'PENDING', amountCents: 200, shiftId: 'S1' }),
      c({ status: 'REFUNDED', amountCents: 800, feeCents: 8, shiftId: 'S1' }),
      c({ status: 'PAID', amountCents: 9999, shiftId: 'S2' }), // another shift
      c({ status: 'PAID', amountCents: 4242, demo: true, shiftId: 'S1' }), // never money
    ];
    const refunds: ShiftRefund[] = [
      { amountCents: 800, done: true, demo: false, shiftId: 'S1' },
      { amountCents: 100, done: false, demo: false, shiftId: 'S1' },
    ];
    const s = shiftSummary(charges, refunds, shift('S1', 'ana'));
    expect(s.sales).toEqual({ count: 6, amountCents: 3500 });
    expect(s.paid).toEqual({ count: 3, amountCents: 1000 + 450 + 800 });
    expect(s.canceled).toEqual({ count: 1, amountCents: 700 });
    expect(s.expired).toEqual({ count: 1, amountCents: 300 });
    expect(s.open).toEqual({ count: 1, amountCents: 200 });
    expect(s.refunds).toEqual({ count: 1, amountCents: 800 });
    expect(s.feeCents).toBe(18);
    expect(s.feeUnknownCount).toBe(1);
    expect(s.netCents).toBe(2250 - 18 - 800);
    expect(s.byStatus.PAID).toEqual({ count: 1, amountCents: 1000 });
    expect(s.operatorId).toBe('ana');
  });

  it('the day by operator sums to the day: every part counted once', () => {
    const statuses = ['PAID', 'CANCELED', 'EXPIRED', 'PENDING', 'REFUNDED'] as const;
    const shifts = [shift('S1', 'ana'), shift('S2', 'bia'), shift('S3', 'ana')];
    const charges = Array.from({ length: 60 }, (_, i) =>
      c({
        status: statuses[i % statuses.length]!,
        amountCents: 100 + i * 7,
        feeCents: i % 4 === 0 ? undefined : i,
        shiftId: shifts[i % shifts.length]!.id,
      }),
    );
    const refunds = charges
      .filter((x) => x.status === 'REFUNDED')
      .map((x) => ({ amountCents: x.amountCents, done: true, demo: false, shiftId: x.shiftId }));
    const parts = shifts.map((sh) => shiftSummary(charges, refunds, sh));
    const whole = shiftSummary(
      charges.map((x) => ({ ...x, shiftId: undefined })),
      refunds.map((x) => ({ ...x, shiftId: undefined })),
      shift('day', '*'),
    );
    const total = sumSummaries(parts);
    expect(total.sales).toEqual(whole.sales);
    expect(total.paid).toEqual(whole.paid);
    expect(total.refunds).toEqual(whole.refunds);
    expect(total.netCents).toBe(whole.netCents);
    expect(total.byStatus).toEqual(whole.byStatus);
    expect(total.sales.count).toBe(60);
  });
});
