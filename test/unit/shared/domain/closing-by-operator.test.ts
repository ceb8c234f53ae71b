// Fechamento by operator (issue 36): each operator's block is the closeDay rule over her rows, and
// the day is exactly the sum of the blocks, line by line.
import { describe, expect, it } from 'vitest';
import {
  closeDayByOperator,
  sumSections,
  type OperatorCharge,
  type OperatorRefund,
} from '../../../../shared/domain/closing-by-operator';
import { closeDay } from '../../../../shared/domain/day-closing';

const day = { from: 1_000, to: 2_000 };
const c = (p: Partial<OperatorCharge> & Pick<OperatorCharge, 'status' | 'amountCents'>) =>
  ({ flags: [], demo: false, createdAt: 1_100, ...p }) as OperatorCharge;

describe('closeDayByOperator', () => {
  it('one block per operator (and one for untagged sales), each with her own money', () => {
    const parts = closeDayByOperator(
      day,
      [
        c({ status: 'PAID', amountCents: 1000, feeCents: 10, operatorId: 'ana', paidAt: 1_200 }),
        c({ status: 'CANCELED', amountCents: 700, operatorId: 'ana' }),
        c({ status: 'PAID', amountCents: 250, operatorId: 'bia', paidAt: 1_300 }),
        c({ status: 'EXPIRED', amountCents: 90 }),
        c({ status: 'PAID', amountCents: 5555, operatorId: 'bia', demo: true }),
      ],
      [{ amountCents: 100, demo: false, doneAt: 1_500, operatorId: 'bia' }],
    );
    const by = new Map(parts.map((p) => [p.operatorId, p.live]));
    expect([...by.keys()].sort()).toEqual(['ana', 'bia', null].sort());
    expect(by.get('ana')!.received).toMatchObject({ count: 1, amountCents: 1000, netCents: 990 });
    expect(by.get('ana')!.canceled).toEqual({ count: 1, amountCents: 700 });
    expect(by.get('bia')!.received).toMatchObject({ count: 1, amountCents: 250, netCents: 150 });
    expect(by.get('bia')!.total).toEqual({ count: 1, amountCents: 250 }); // DEMO is not hers
    expect(by.get(null)!.expired).toEqual({ count: 1, amountCents: 90 });
  });

  it('the day is the sum of its operators, every line (paid other day, late, refunds included)', () => {
    const ops = ['ana', 'bia', 'caio', null] as const;
    const statuses = ['PAID', 'CANCELED', 'EXPIRED', 'PENDING', 'REFUNDED', 'UNCERTAIN'] as const;
    const charges = Array.from({ length: 90 }, (_, i) =>
      c({
        status: statuses[i % statuses.length]!,
        amountCents: 100 + i * 13,
        ...(i % 5 !== 0 && { feeCents: i }),
        ...(i % 7 === 0 && { receivedCents: 90 + i * 13 }),
        ...(i % 11 === 0 && { flags: ['LATE_PAYMENT'] }),
        operatorId: ops[i % ops.length]!,
        createdAt: i % 9 === 0 ? 900 : 1_100 + i, // some created the day before
        paidAt: i % 8 === 0 ? 2_100 : 1_150 + i, // some paid the day after
        refundedAt: 1_400 + i,
      }),
    );
    const refunds: OperatorRefund[] = charges
      .filter((_, i) => i % 4 === 1)
      .map((x, i) => ({
        amountCents: 50 + i,
        demo: false,
        doneAt: 1_600,
        operatorId: x.operatorId,
      }));
    const whole = closeDay(day, charges, [], refunds).live;
    const parts = closeDayByOperator(day, charges, refunds);
    expect(parts).toHaveLength(4);
    expect(sumSections(parts.map((p) => p.live))).toEqual(whole);
  });

  it('sums no parts to zeros', () => {
    expect(sumSections([]).received.netCents).toBe(0);
    expect(sumSections([]).total).toEqual({ count: 0, amountCents: 0 });
  });
});
