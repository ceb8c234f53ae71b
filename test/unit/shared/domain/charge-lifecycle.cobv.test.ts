import { describe, expect, it } from 'vitest';
import { decide, type ChargeFacts } from '../../../../shared/domain/charge-lifecycle';
import type { CobvTerms } from '../../../../shared/domain/cobv';
import { chargeFacts } from '../../../helpers/charge-facts';

// Issue 37: a cobv's payment is judged against what its terms asked, not its face value alone.
const cobv: CobvTerms = {
  dueDate: '2026-12-10',
  daysAfterDue: 10,
  finePct: 200,
  interestPctMonth: 100,
  discountCents: 500,
};
const charge = (): ChargeFacts =>
  chargeFacts({ status: 'PENDING', amountCents: 10_000, cobv }) as ChargeFacts;
const run = (amountCents: number, extra: { dueCents?: number } = {}, type = 'queryStatus') =>
  decide(charge(), { type, raw: 'PAID', amountCents, ...extra } as never, { at: 50 }).next;

describe('a cobv paid', () => {
  it('exactly what the PSP read by its terms for the payment day: Pago, what arrived counted', () => {
    expect(run(10_210, { dueCents: 10_210 })).toMatchObject({
      status: 'PAID',
      receivedCents: 10_210,
      flags: [],
    });
  });

  it('the face value after the due date (its day asked more): a different amount', () => {
    expect(run(10_000, { dueCents: 10_210 })).toMatchObject({
      status: 'PAID_DIFFERENT_AMOUNT',
      noticeCode: 'PAID_AMOUNT_MISMATCH',
    });
  });

  it('without the day (a webhook or the PIX list): any amount one of its days asked, else different', () => {
    // Before the due date: R$ 95,00 (the discount); 3 days late: R$ 102,10.
    expect(run(9_500, {}, 'callbackStatus').status).toBe('PAID');
    expect(run(10_210, {}, 'callbackStatus').status).toBe('PAID');
    expect(run(10_000, {}, 'callbackStatus').status).toBe('PAID_DIFFERENT_AMOUNT');
    expect(run(20_000, {}, 'callbackStatus').status).toBe('PAID_DIFFERENT_AMOUNT');
  });
});
