import { describe, expect, it } from 'vitest';
import {
  decide,
  type ChargeEvent,
  type ChargeFacts,
} from '../../../../shared/domain/charge-lifecycle';
import { AMOUNT, GOOD_QR, chargeFacts } from '../../../helpers/charge-facts';

// Issue 20, item 3: a payment of another amount is never plain PAID; a paid amount that is
// not money (zero, negative, fractional cents) is refused, never a payment.
const ctx = { at: 50 };
const paid = (amountCents?: number, type: 'callbackStatus' | 'queryStatus' = 'callbackStatus') =>
  ({ type, raw: 'PAID', ...(amountCents !== undefined && { amountCents }) }) as ChargeEvent;
const run = (state: ChargeFacts, e: ChargeEvent) => decide(state, e, ctx);
const pending = (over: Partial<ChargeFacts> = {}) => chargeFacts({ status: 'PENDING', ...over });

describe('a payment of another amount', () => {
  it.each([
    ['underpaid', 1],
    ['overpaid', AMOUNT + 500],
  ])('%s: PAID_DIFFERENT_AMOUNT with what arrived, flagged, announced', (_, cents) => {
    for (const type of ['callbackStatus', 'queryStatus'] as const) {
      const d = run(pending(), paid(cents, type));
      expect(d.next).toMatchObject({
        status: 'PAID_DIFFERENT_AMOUNT',
        receivedCents: cents,
        amountCents: AMOUNT,
        noticeCode: 'PAID_AMOUNT_MISMATCH',
      });
      expect(d.next.flags).toEqual(['AMOUNT_MISMATCH']);
      expect(d.effects).toContainEqual({ type: 'paid', late: false });
      expect(d.outcome).toBe('applied');
    }
  });

  it('the amount charged is PAID, and what arrived is recorded', () => {
    const d = run(pending(), paid(AMOUNT));
    expect(d.next).toMatchObject({ status: 'PAID', receivedCents: AMOUNT });
    expect(d.next.flags).toEqual([]);
    expect(d.next.noticeCode).toBeUndefined();
  });

  it('no amount in the answer: PAID (the PSP said nothing else), nothing recorded', () => {
    const d = run(pending(), paid());
    expect(d.next.status).toBe('PAID');
    expect(d.next.receivedCents).toBeUndefined();
  });

  it('paid 1 cent while the create was in flight, then a create answer already saying PAID: not Pago', () => {
    // Found by the property run: the create answer says nothing of what was paid; the callback
    // deferred meanwhile did, and it decides the state.
    let s = run(chargeFacts({ status: 'DRAFT' }), { type: 'submit' }).next;
    s = run(s, paid(1)).next;
    const d = run(s, {
      type: 'pspAnswer',
      created: { transactionId: 'tx1', status: 'PAID', qrcode: GOOD_QR, amountCents: AMOUNT },
    });
    expect(d.next).toMatchObject({ status: 'PAID_DIFFERENT_AMOUNT', receivedCents: 1 });
  });

  it('an uncertain charge paid with another amount is PAID_DIFFERENT_AMOUNT too', () => {
    const d = run(chargeFacts({ status: 'UNCERTAIN' }), paid(7));
    expect(d.next).toMatchObject({ status: 'PAID_DIFFERENT_AMOUNT', receivedCents: 7 });
  });

  it.each(['CANCELED', 'EXPIRED'] as const)(
    'a late payment of another amount after %s is both: late and different',
    (from) => {
      const d = run(chargeFacts({ status: from }), paid(AMOUNT - 22));
      expect(d.next).toMatchObject({
        status: 'PAID_DIFFERENT_AMOUNT',
        paidAfter: from,
        receivedCents: AMOUNT - 22,
      });
      expect(d.next.flags).toEqual(expect.arrayContaining(['LATE_PAYMENT', 'AMOUNT_MISMATCH']));
      expect(d.outcome).toBe('late-payment');
      expect(d.effects).toContainEqual({ type: 'paid', late: true });
      expect(d.effects).toContainEqual({ type: 'alert', code: 'LATE_PAYMENT' });
    },
  );

  it('a payment of another amount on a FAILED charge stays FAILED, with what arrived', () => {
    const d = run(chargeFacts({ status: 'FAILED' }), paid(5));
    expect(d.next).toMatchObject({ status: 'FAILED', receivedCents: 5 });
    expect(d.next.flags).toEqual(['LATE_PAYMENT', 'AMOUNT_MISMATCH']);
  });

  it('can still be refunded, and a second paid status is a duplicate', () => {
    const state = pending({ status: 'PAID_DIFFERENT_AMOUNT', receivedCents: 1 });
    const refund = run(state, { type: 'callbackStatus', raw: 'REFUNDED' });
    expect(refund.next.status).toBe('REFUNDED');
    expect(refund.next.receivedCents).toBe(1);
    for (const cents of [1, AMOUNT, undefined]) {
      const again = run(state, paid(cents));
      expect(again.outcome).toBe('duplicate');
      expect(again.next).toEqual(state);
    }
  });

  it('a different amount after a PAID charge is a duplicate, never a second state', () => {
    const state = pending({ status: 'PAID', receivedCents: AMOUNT });
    const d = run(state, paid(1));
    expect(d.outcome).toBe('duplicate');
    expect(d.next.status).toBe('PAID');
  });

  it('a paid callback arriving while submitting keeps its amount for when the QR settles', () => {
    const s = chargeFacts({ status: 'SUBMITTING', attempts: 1 });
    const deferred = run(s, paid(1));
    expect(deferred.next).toMatchObject({ status: 'SUBMITTING', deferred: ['PAID'] });
    const settled = run(deferred.next, {
      type: 'pspAnswer',
      created: { transactionId: 't', status: 'PENDING', qrcode: GOOD_QR, amountCents: AMOUNT },
    });
    expect(settled.next).toMatchObject({ status: 'PAID_DIFFERENT_AMOUNT', receivedCents: 1 });
  });
});

describe('a paid amount that is not money is refused, never a payment', () => {
  it.each([
    ['R$ 0,00', 0],
    ['negative', -100],
    ['fractional cents', 1.5],
    ['not a number', Number.NaN],
  ])('%s: the charge stays as it was, the refusal logged', (_, cents) => {
    for (const state of [pending(), chargeFacts({ status: 'CANCELED' })]) {
      const d = run(state, { ...paid(cents), feeCents: 12 } as ChargeEvent);
      expect(d.outcome).toBe('bad-amount');
      expect(d.next.feeCents).toBeUndefined();
      expect(d.next.status).toBe(state.status);
      expect(d.next.receivedCents).toBeUndefined();
      expect(d.effects).toEqual([]);
      expect(d.history[0]?.detail).toMatch(/^refused PAID with amount/);
    }
  });

  it('while submitting too: nothing is deferred', () => {
    const d = run(chargeFacts({ status: 'SUBMITTING', attempts: 1 }), paid(0));
    expect(d.outcome).toBe('bad-amount');
    expect(d.next.deferred).toEqual([]);
  });
});
