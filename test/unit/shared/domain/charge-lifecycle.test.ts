import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../../helpers/property-runs';
import { verifyBrCode } from '../../../../shared/domain/brcode';
import {
  CHARGE_EVENT_TYPES,
  decide,
  type ChargeEvent,
  type ChargeFacts,
} from '../../../../shared/domain/charge-lifecycle';
import { CHARGE_NOTICE_CODES } from '../../../../shared/domain/charge-notices';
import { CHARGE_STATES, canTransition, isTerminal } from '../../../../shared/domain/charge-state';
import { readPspStatus } from '../../../../shared/domain/psp-status';
import { ERROR_KINDS } from '../../../../shared/result';
import { AMOUNT, GOOD_QR, OTHER_QR, chargeFacts } from '../../../helpers/charge-facts';

const fresh = chargeFacts;

const RAW = [
  'PENDING',
  'PAID',
  'APPROVED',
  'FAILED',
  'EXPIRED',
  'CANCELLED',
  'REFUNDED',
  'ON_HOLD',
];
const isPaidRaw = (raw: string) => {
  const r = readPspStatus(raw);
  return r.known && r.outcome === 'PAID';
};

const event: fc.Arbitrary<ChargeEvent> = fc.oneof(
  fc.constant({ type: 'submit' as const }),
  fc.record({
    type: fc.constant('pspAnswer' as const),
    created: fc.record({
      transactionId: fc.constantFrom('tx1', 'tx2'),
      status: fc.constantFrom(...RAW),
      qrcode: fc.constantFrom(GOOD_QR, OTHER_QR, 'garbage'),
      amountCents: fc.constantFrom(AMOUNT, AMOUNT + 1),
    }),
  }),
  fc.constant({ type: 'answerLost' as const }),
  fc.record({
    type: fc.constant('pspRefused' as const),
    kind: fc.constantFrom(...ERROR_KINDS),
    code: fc.constantFrom('PSP_UNAVAILABLE', 'PSP_DUPLICATE', 'PSP_REJECTED'),
    canQuery: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('callbackStatus' as const),
    raw: fc.constantFrom(...RAW),
    amountCents: fc.constantFrom(AMOUNT, 1, 0, -5),
  }),
  fc.record({
    type: fc.constant('queryStatus' as const),
    raw: fc.constantFrom(...RAW),
    qrcode: fc.constantFrom(GOOD_QR, OTHER_QR),
  }),
  fc.constant({ type: 'localExpiry' as const }),
  fc.record({ type: fc.constant('cancel' as const), by: fc.constantFrom('cashier', 'owner') }),
  fc.record({ type: fc.constant('resolveGaveUp' as const), canQuery: fc.boolean() }),
);

/** Whether this event carries a paid status. */
const carriesPaid = (e: ChargeEvent) =>
  (e.type === 'pspAnswer' && isPaidRaw(e.created.status)) ||
  ((e.type === 'callbackStatus' || e.type === 'queryStatus') && isPaidRaw(e.raw));

describe('the charge lifecycle decision', () => {
  it('covers every event type in every state without throwing, and names a known notice', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHARGE_STATES), event, (status, e) => {
        const d = decide(fresh({ status, attempts: 1 }), e, { at: 0 });
        expect(CHARGE_STATES).toContain(d.next.status);
        if (d.next.noticeCode) expect(CHARGE_NOTICE_CODES).toContain(d.next.noticeCode);
      }),
      { numRuns: runs(2_000) },
    );
    expect(new Set(CHARGE_EVENT_TYPES).size).toBe(9);
  });

  it('over random event sequences: never paid without a paid status, terminal stays terminal but for the documented paths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(event, fc.nat(2_000)), { minLength: 1, maxLength: 40 }),
        (steps) => {
          let s = fresh();
          let paidSeen = false;
          let firstFinal: ChargeFacts['status'] | null = null;
          for (const [e, at] of steps) {
            const before = s;
            const d = decide(s, e, { at });
            s = d.next;
            if (carriesPaid(e)) paidSeen = true;

            // Money is never shown as paid unless a paid status was applied.
            if (['PAID', 'PAID_DIFFERENT_AMOUNT', 'REFUNDED'].includes(s.status))
              expect(paidSeen).toBe(true);
            // Plain PAID only for the amount charged; another amount has its own state.
            if (s.status === 'PAID') expect(s.receivedCents ?? AMOUNT).toBe(AMOUNT);
            if (s.status === 'PAID_DIFFERENT_AMOUNT') {
              expect(s.receivedCents).toBeGreaterThan(0);
              expect(s.receivedCents).not.toBe(AMOUNT);
            }
            if (d.effects.some((x) => x.type === 'paid'))
              expect(carriesPaid(e) || before.deferred.includes('PAID')).toBe(true);
            // Every move is a legal one, recorded in the history.
            for (const h of d.history)
              if (h.from !== h.to) expect(canTransition(h.from, h.to)).toBe(true);
            if (before.status !== s.status) expect(d.history.length).toBeGreaterThan(0);
            // Terminal stays terminal: PAID → REFUNDED, and CANCELED/EXPIRED → PAID as a late payment.
            if (firstFinal === 'FAILED') expect(s.status).toBe('FAILED');
            if (firstFinal === 'PAID' || firstFinal === 'PAID_DIFFERENT_AMOUNT')
              expect([firstFinal, 'REFUNDED']).toContain(s.status);
            if (
              (firstFinal === 'CANCELED' || firstFinal === 'EXPIRED') &&
              s.status !== firstFinal
            ) {
              expect(['PAID', 'PAID_DIFFERENT_AMOUNT', 'REFUNDED']).toContain(s.status);
              expect(s.flags).toContain('LATE_PAYMENT');
              expect(s.paidAfter).toBe(firstFinal);
            }
            if (!firstFinal && isTerminal(s.status)) firstFinal = s.status;
            // A QR is kept only when it verifies for this amount.
            if (s.brcode) expect(verifyBrCode(s.brcode, AMOUNT).ok).toBe(true);
            // What waits for an answer never outlives the request; payer data goes when final.
            if (s.status !== 'SUBMITTING') expect(s.deferred).toEqual([]);
            if (isTerminal(s.status)) expect(s.payer).toBeUndefined();
          }
        },
      ),
      { numRuns: runs(3_000) },
    );
  });
});

describe('the rules, one by one', () => {
  const submitting = () => decide(fresh(), { type: 'submit' }, { at: 0 }).next;

  it('a lost answer is UNCERTAIN (never FAILED) and asks to resolve later', () => {
    const d = decide(submitting(), { type: 'answerLost' }, { at: 0 });
    expect(d.next).toMatchObject({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    expect(d.effects).toContainEqual({ type: 'resolveLater' });
  });

  it('a QR for another amount is never kept', () => {
    const d = decide(
      submitting(),
      {
        type: 'pspAnswer',
        created: { transactionId: 't', status: 'PENDING', qrcode: OTHER_QR, amountCents: AMOUNT },
      },
      { at: 0 },
    );
    expect(d.next).toMatchObject({ status: 'FAILED', noticeCode: 'QR_REJECTED' });
    expect(d.next.brcode).toBeUndefined();
  });

  it('an answer in the other unit (×100 or ÷100) fails before any QR, naming the unit setting', () => {
    for (const amountCents of [AMOUNT * 100, AMOUNT / 100]) {
      const d = decide(
        submitting(),
        {
          type: 'pspAnswer',
          created: { transactionId: 't', status: 'PENDING', qrcode: GOOD_QR, amountCents },
        },
        { at: 0 },
      );
      expect(d.next).toMatchObject({ status: 'FAILED', noticeCode: 'AMOUNT_UNIT_MISMATCH' });
      expect(d.next.brcode).toBeUndefined();
    }
    const other = decide(
      submitting(),
      {
        type: 'pspAnswer',
        created: { transactionId: 't', status: 'PENDING', qrcode: GOOD_QR, amountCents: 2000 },
      },
      { at: 0 },
    );
    expect(other.next).toMatchObject({ status: 'FAILED', noticeCode: 'AMOUNT_MISMATCH' });
  });

  it('the fee the creation reply states is kept with the charge', () => {
    const d = decide(
      submitting(),
      {
        type: 'pspAnswer',
        created: {
          transactionId: 't',
          status: 'PENDING',
          qrcode: GOOD_QR,
          amountCents: AMOUNT,
          feeCents: 23,
        },
      },
      { at: 0 },
    );
    expect(d.next).toMatchObject({ status: 'PENDING', feeCents: 23 });
  });

  it('a cancel while the create is in flight is applied when its answer arrives, QR or not', () => {
    const asked = decide(submitting(), { type: 'cancel', by: 'cashier' }, { at: 5 });
    expect(asked.next.status).toBe('SUBMITTING');
    expect(asked.effects).toEqual([]);
    const answered = decide(
      asked.next,
      {
        type: 'pspAnswer',
        created: { transactionId: 't', status: 'PENDING', qrcode: GOOD_QR, amountCents: AMOUNT },
      },
      { at: 9 },
    );
    expect(answered.next).toMatchObject({
      status: 'CANCELED',
      canceledBy: 'cashier',
      canceledAt: 5,
      deferred: [],
    });
    expect(answered.history.map((h) => `${h.from}>${h.to}`)).toEqual([
      'SUBMITTING>PENDING',
      'PENDING>CANCELED',
    ]);
  });

  it('a late payment: CANCELED → PAID, flagged, says after what, alerts loudly', () => {
    const canceled = decide(
      fresh({ status: 'PENDING', attempts: 1 }),
      { type: 'cancel', by: 'owner' },
      { at: 1 },
    ).next;
    const d = decide(canceled, { type: 'callbackStatus', raw: 'PAID' }, { at: 2 });
    expect(d.outcome).toBe('late-payment');
    expect(d.next).toMatchObject({
      status: 'PAID',
      paidAfter: 'CANCELED',
      noticeCode: 'LATE_PAYMENT',
    });
    expect(d.next.flags).toEqual(expect.arrayContaining(['LOCAL_CANCEL', 'LATE_PAYMENT']));
    expect(d.effects).toContainEqual({ type: 'alert', code: 'LATE_PAYMENT' });
    expect(d.effects).toContainEqual({ type: 'paid', late: true });
  });

  it('local expiry only once the time has come', () => {
    const pending = fresh({ status: 'PENDING', attempts: 1, expiresAt: 100 });
    expect(decide(pending, { type: 'localExpiry' }, { at: 99 }).outcome).toBe('noop');
    expect(decide(pending, { type: 'localExpiry' }, { at: 100 }).next.status).toBe('EXPIRED');
  });
});
