import { describe, expect, it } from 'vitest';
import {
  decide,
  type ChargeEvent,
  type ChargeFacts,
  type DecideContext,
} from '../../../../shared/domain/charge-lifecycle';
import type { ErrorKind } from '../../../../shared/result';
import { AMOUNT, GOOD_QR, OTHER_QR, chargeFacts } from '../../../helpers/charge-facts';

// One test per rule of the charge lifecycle, named for the rule, so a change that breaks one
// (`npm run mutation` tries such changes) fails a test that says which rule it broke.
const charge = chargeFacts;
const ctx: DecideContext = { at: 50 };
const run = (state: ChargeFacts, e: ChargeEvent, c: DecideContext = ctx) => decide(state, e, c);
const submitting = (over: Partial<ChargeFacts> = {}) =>
  charge({ status: 'SUBMITTING', attempts: 1, ...over });
const answer = (over: Partial<{ status: string; qrcode: string; amountCents: number }> = {}) =>
  ({
    type: 'pspAnswer',
    created: {
      transactionId: 'tx-1',
      status: 'PENDING',
      qrcode: GOOD_QR,
      amountCents: AMOUNT,
      ...over,
    },
  }) as const;
const refusal = (kind: ErrorKind, canQuery = true) =>
  ({ type: 'pspRefused', kind, code: 'PSP_X', canQuery }) as const;
const moves = (d: ReturnType<typeof run>) => d.history.map((h) => `${h.from}>${h.to}`);
const types = (d: ReturnType<typeof run>) => d.effects.map((e) => e.type);

describe('submit (a try, or a same-id retry)', () => {
  it('a first submit moves DRAFT to SUBMITTING and counts the attempt', () => {
    const d = run(charge(), { type: 'submit' });
    expect(d.next).toMatchObject({ status: 'SUBMITTING', attempts: 1 });
    expect(d.history).toEqual([{ from: 'DRAFT', to: 'SUBMITTING' }]);
    expect(d).toMatchObject({ outcome: 'applied', changed: true, effects: [{ type: 'publish' }] });
  });

  it('a retry from UNCERTAIN is recorded as a retry and counts a second attempt', () => {
    const d = run(charge({ status: 'UNCERTAIN', attempts: 1 }), { type: 'submit' });
    expect(d.next).toMatchObject({ status: 'SUBMITTING', attempts: 2 });
    expect(d.history).toEqual([{ from: 'UNCERTAIN', to: 'SUBMITTING', detail: 'retry' }]);
  });

  it.each(['SUBMITTING', 'PENDING', 'PAID', 'FAILED'] as const)(
    'a submit on a %s charge does nothing (never a second charge)',
    (status) => {
      const state = charge({ status, attempts: 1 });
      const d = run(state, { type: 'submit' });
      expect(d).toMatchObject({ outcome: 'noop', changed: false, history: [], effects: [] });
      expect(d.next).toEqual(state);
    },
  );
});

describe("the PSP's answer to a create", () => {
  it('a verified QR for the amount makes the charge PENDING and stops resolving', () => {
    const d = run(submitting({ noticeCode: 'UNCERTAIN' }), answer());
    expect(d.next).toMatchObject({
      status: 'PENDING',
      brcode: GOOD_QR,
      pspTransactionId: 'tx-1',
      pspStatus: 'PENDING',
    });
    expect(d.next.noticeCode).toBeUndefined();
    expect(d.next.flags).toEqual([]);
    expect(d.next.payer).toEqual({ name: 'Ana' });
    // No receiver pinned yet in this context: the first verified QR's receiver is learned.
    expect(types(d)).toEqual(['learnReceiver', 'publish', 'stopResolving']);
    expect(d.outcome).toBe('applied');
  });

  it('an answer for another amount fails the charge as AMOUNT_MISMATCH and keeps no QR', () => {
    const d = run(submitting(), answer({ amountCents: AMOUNT + 1 }));
    expect(d.next).toMatchObject({ status: 'FAILED', noticeCode: 'AMOUNT_MISMATCH' });
    expect(d.next.flags).toEqual(['AMOUNT_MISMATCH']);
    expect(d.next.brcode).toBeUndefined();
    expect(d.history).toEqual([{ from: 'SUBMITTING', to: 'FAILED', detail: 'AMOUNT_MISMATCH' }]);
    expect(d.next.payer).toBeUndefined();
  });

  it('a QR that fails verification fails the charge as QR_REJECTED, with the check’s code', () => {
    const d = run(submitting(), answer({ qrcode: OTHER_QR }));
    expect(d.next).toMatchObject({ status: 'FAILED', noticeCode: 'QR_REJECTED' });
    expect(d.next.flags).toEqual(['QR_REJECTED']);
    expect(d.history[0]?.detail).toMatch(/^BRCODE_/);
    expect(d.next.brcode).toBeUndefined();
  });

  it('an unknown status in the answer is flagged, and the charge still waits (PENDING)', () => {
    const d = run(submitting(), answer({ status: 'ON_HOLD' }));
    expect(d.next).toMatchObject({ status: 'PENDING', pspStatus: 'ON_HOLD' });
    expect(d.next.flags).toEqual(['UNKNOWN_STATUS']);
  });

  it('an answer that already says paid makes the charge PAID at once', () => {
    const d = run(submitting(), answer({ status: 'APPROVED' }));
    expect(d.next.status).toBe('PAID');
    expect(moves(d)).toEqual(['SUBMITTING>PENDING', 'PENDING>PAID']);
    expect(d.effects).toContainEqual({ type: 'paid', late: false });
  });

  it('an answer that says refunded is not applied to a charge never paid (stays PENDING)', () => {
    const d = run(submitting(), answer({ status: 'REFUNDED' }));
    expect(d.next.status).toBe('PENDING');
    expect(moves(d)).toEqual(['SUBMITTING>PENDING']);
  });

  it('an answer on a charge no longer SUBMITTING is ignored', () => {
    const state = charge({ status: 'UNCERTAIN', attempts: 1 });
    const d = run(state, answer());
    expect(d).toMatchObject({ outcome: 'ignored', changed: false });
    expect(d.next).toEqual(state);
  });
});

describe('a lost answer', () => {
  it('a lost answer makes the charge UNCERTAIN with its reason, never FAILED, and resolves later', () => {
    const d = run(submitting(), { type: 'answerLost', reason: 'TIMEOUT' });
    expect(d.next).toMatchObject({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    expect(d.history).toEqual([{ from: 'SUBMITTING', to: 'UNCERTAIN', detail: 'TIMEOUT' }]);
    expect(types(d)).toEqual(['publish', 'resolveLater']);
    expect(d.next.payer).toEqual({ name: 'Ana' });
  });

  it('a lost answer on a charge not SUBMITTING does nothing', () => {
    const d = run(charge({ status: 'PENDING' }), { type: 'answerLost' });
    expect(d).toMatchObject({ outcome: 'noop', changed: false });
  });
});

describe('a PSP refusal', () => {
  it('a refusal on the first attempt fails the charge with PSP_REFUSED and the PSP’s code', () => {
    const d = run(submitting(), refusal('validation'));
    expect(d.next).toMatchObject({
      status: 'FAILED',
      noticeCode: 'PSP_REFUSED',
      noticeReason: 'PSP_X',
    });
    expect(d.history).toEqual([{ from: 'SUBMITTING', to: 'FAILED', detail: 'PSP_X' }]);
    expect(types(d)).toEqual(['publish', 'stopResolving']);
    expect(d.next.payer).toBeUndefined();
  });

  it('a refusal on a retry stays uncertain, not failed (an earlier attempt may have landed)', () => {
    const d = run(submitting({ attempts: 2 }), refusal('validation'));
    expect(d.next).toMatchObject({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    expect(d.history).toEqual([{ from: 'SUBMITTING', to: 'UNCERTAIN', detail: 'PSP_X' }]);
    expect(types(d)).toEqual(['publish', 'resolveLater']);
    expect(d.next.payer).toEqual({ name: 'Ana' });
  });

  it('an uncertain refusal on the first attempt stays uncertain and resolves later', () => {
    const d = run(submitting(), refusal('uncertain'));
    expect(d.next).toMatchObject({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    expect(types(d)).toEqual(['publish', 'resolveLater']);
  });

  it('a conflict (the PSP already holds this id) is uncertain and queries now when it can', () => {
    const d = run(submitting(), refusal('conflict', true));
    expect(d.next).toMatchObject({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    expect(d.history).toEqual([{ from: 'SUBMITTING', to: 'UNCERTAIN', detail: 'PSP_X' }]);
    expect(types(d)).toEqual(['publish', 'resolveNow']);
  });

  it('a conflict with no status query retires the charge: it cannot be shown, start a new one', () => {
    const d = run(submitting({ attempts: 2 }), refusal('conflict', false), { at: 9 });
    expect(d.next).toMatchObject({
      status: 'CANCELED',
      noticeCode: 'UNCERTAIN_RETIRED',
      canceledBy: 'balcao',
      canceledAt: 9,
    });
    expect(d.next.flags).toContain('UNCERTAIN_RETIRED');
    expect(moves(d)).toEqual(['SUBMITTING>UNCERTAIN', 'UNCERTAIN>CANCELED']);
    expect(types(d)).toEqual(['publish', 'stopResolving']);
  });

  it('a retired charge paid later is a late payment (the payment is caught and flagged)', () => {
    const retired = run(submitting({ attempts: 2 }), refusal('conflict', false)).next;
    const d = run(retired, { type: 'callbackStatus', raw: 'PAID' });
    expect(d.outcome).toBe('late-payment');
    expect(d.next).toMatchObject({ status: 'PAID', paidAfter: 'CANCELED' });
    expect(d.next.flags).toEqual(expect.arrayContaining(['UNCERTAIN_RETIRED', 'LATE_PAYMENT']));
  });

  it('a refusal on a charge not SUBMITTING does nothing', () => {
    const d = run(charge({ status: 'PENDING', attempts: 1 }), refusal('validation'));
    expect(d).toMatchObject({ outcome: 'noop', changed: false });
  });
});

describe('statuses from the callback or a query', () => {
  it('an unknown status is kept as it came, flagged and noticed, never guessed', () => {
    const d = run(charge({ status: 'PENDING' }), { type: 'callbackStatus', raw: 'ON_HOLD' });
    expect(d.outcome).toBe('unknown-status');
    expect(d.next).toMatchObject({
      status: 'PENDING',
      pspStatus: 'ON_HOLD',
      noticeCode: 'UNKNOWN_STATUS',
    });
    expect(d.next.flags).toEqual(['UNKNOWN_STATUS']);
    expect(d.history).toEqual([
      { from: 'PENDING', to: 'PENDING', detail: 'unknown PSP status ON_HOLD' },
    ]);
  });

  it('a status mapped by the shop’s own status map is read with it', () => {
    const d = run(
      charge({ status: 'PENDING' }),
      { type: 'callbackStatus', raw: 'LIQUIDADO' },
      { at: 0, statusMap: { LIQUIDADO: 'PAID' } },
    );
    expect(d.next.status).toBe('PAID');
  });

  it('a pending status while submitting changes nothing', () => {
    const d = run(submitting(), { type: 'callbackStatus', raw: 'PENDING' });
    expect(d).toMatchObject({ outcome: 'noop', changed: false });
  });

  it('a paid status while submitting is deferred until the answer, then applied', () => {
    const d = run(submitting(), { type: 'callbackStatus', raw: 'PAID' });
    expect(d.next).toMatchObject({ status: 'SUBMITTING', deferred: ['PAID'] });
    expect(d.history).toEqual([{ from: 'SUBMITTING', to: 'SUBMITTING', detail: 'deferred PAID' }]);
    expect(d.effects).toEqual([]);
    expect(d.outcome).toBe('applied');
    const later = run(d.next, answer());
    expect(later.next).toMatchObject({ status: 'PAID', deferred: [], pspStatus: 'PENDING' });
    expect(later.history).toEqual([
      { from: 'SUBMITTING', to: 'PENDING' },
      { from: 'PENDING', to: 'PAID', detail: 'deferred' },
    ]);
    expect(later.effects).toContainEqual({ type: 'paid', late: false });
  });

  it('deferred steps are applied in arrival order', () => {
    const state = submitting({ deferred: ['PAID', 'REFUNDED'] });
    expect(run(state, answer()).next.status).toBe('REFUNDED');
    const canceledFirst = run(
      submitting({ deferred: ['CANCEL', 'PAID'], canceledBy: 'owner', canceledAt: 7 }),
      answer(),
    );
    expect(moves(canceledFirst)).toEqual([
      'SUBMITTING>PENDING',
      'PENDING>CANCELED',
      'CANCELED>PAID',
    ]);
    expect(canceledFirst.next).toMatchObject({ paidAfter: 'CANCELED', canceledAt: 7 });
  });

  it('a deferred step uses the answer’s status as the raw status when the PSP gave none', () => {
    const d = run(submitting({ deferred: ['FAILED'] }), { type: 'answerLost' });
    expect(d.next).toMatchObject({ status: 'FAILED', pspStatus: 'FAILED' });
  });

  it('a deferred cancel with no one recorded is the cashier’s, at the time it is applied', () => {
    const d = run(submitting({ deferred: ['CANCEL'] }), answer(), { at: 77 });
    expect(d.next).toMatchObject({ status: 'CANCELED', canceledBy: 'cashier', canceledAt: 77 });
  });

  it('a payment on a charge refused for sure keeps it FAILED but flags and announces the money', () => {
    const d = run(submitting({ deferred: ['PAID'] }), refusal('validation'));
    expect(d.next).toMatchObject({
      status: 'FAILED',
      noticeCode: 'LATE_PAYMENT',
      pspStatus: 'PAID',
    });
    expect(d.next.flags).toContain('LATE_PAYMENT');
    expect(d.history.at(-1)).toEqual({
      from: 'FAILED',
      to: 'FAILED',
      detail: 'payment on a failed charge',
    });
    expect(d.effects).toContainEqual({ type: 'alert', code: 'LATE_PAYMENT' });
    expect(d.effects).toContainEqual({ type: 'paid', late: true });
  });

  it('a query carries the PSP’s transaction id onto the charge', () => {
    const d = run(charge({ status: 'PENDING' }), {
      type: 'queryStatus',
      raw: 'PENDING',
      transactionId: 'tx-9',
    });
    expect(d.next.pspTransactionId).toBe('tx-9');
    expect(d.outcome).toBe('noop');
  });

  it('a pending callback on an UNCERTAIN charge changes nothing (only a query finds its QR)', () => {
    const d = run(charge({ status: 'UNCERTAIN' }), { type: 'callbackStatus', raw: 'PENDING' });
    expect(d).toMatchObject({ outcome: 'noop', changed: false });
  });

  it('a pending query on a PENDING charge changes nothing', () => {
    const d = run(charge({ status: 'PENDING' }), { type: 'queryStatus', raw: 'PENDING' });
    expect(d).toMatchObject({ outcome: 'noop', changed: false });
  });

  it('a query that finds the uncertain charge with its QR shows the QR (PENDING)', () => {
    const d = run(charge({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN', attempts: 1 }), {
      type: 'queryStatus',
      raw: 'PENDING',
      transactionId: 'tx-5',
      qrcode: GOOD_QR,
    });
    expect(d.next).toMatchObject({
      status: 'PENDING',
      brcode: GOOD_QR,
      pspTransactionId: 'tx-5',
    });
    expect(d.next.noticeCode).toBeUndefined();
    expect(d.outcome).toBe('applied');
  });

  it('a found QR is checked against the amount the query reports', () => {
    const d = run(charge({ status: 'UNCERTAIN' }), {
      type: 'queryStatus',
      raw: 'PENDING',
      qrcode: GOOD_QR,
      amountCents: AMOUNT + 1,
    });
    expect(d.next).toMatchObject({ status: 'FAILED', noticeCode: 'AMOUNT_MISMATCH' });
    expect(d.next.pspTransactionId).toBe('');
  });

  it('a query that finds the uncertain charge without a QR makes it PENDING with NO_QR', () => {
    const d = run(charge({ status: 'UNCERTAIN' }), { type: 'queryStatus', raw: 'PENDING' });
    expect(d.next).toMatchObject({ status: 'PENDING', noticeCode: 'NO_QR' });
    expect(d.next.flags).toEqual(['NO_QR']);
    expect(d.history).toEqual([{ from: 'UNCERTAIN', to: 'PENDING', detail: 'status-query' }]);
  });

  it('a paid callback records the PSP’s fee; other statuses do not', () => {
    const paid = run(charge({ status: 'PENDING' }), {
      type: 'callbackStatus',
      raw: 'PAID',
      feeCents: 12,
    });
    expect(paid.next.feeCents).toBe(12);
    const failed = run(charge({ status: 'PENDING' }), {
      type: 'callbackStatus',
      raw: 'FAILED',
      feeCents: 12,
    });
    expect(failed.next.feeCents).toBeUndefined();
  });

  it('a paid status on a PENDING charge: PAID, the PSP’s word kept, payer data dropped', () => {
    const d = run(charge({ status: 'PENDING' }), { type: 'callbackStatus', raw: 'approved' });
    expect(d.next).toMatchObject({ status: 'PAID', pspStatus: 'approved' });
    expect(d.next.payer).toBeUndefined();
    expect(d.history).toEqual([{ from: 'PENDING', to: 'PAID' }]);
    expect(types(d)).toEqual(['publish', 'stopResolving', 'paid']);
    expect(d.outcome).toBe('applied');
  });

  it('the uncertain notice goes once the charge is known to exist (paid), not when it ends otherwise', () => {
    const paid = run(charge({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' }), {
      type: 'callbackStatus',
      raw: 'PAID',
    });
    expect(paid.next.noticeCode).toBeUndefined();
    const failed = run(charge({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN_GAVE_UP' }), {
      type: 'callbackStatus',
      raw: 'FAILED',
    });
    expect(failed.next).toMatchObject({ status: 'FAILED', noticeCode: 'UNCERTAIN_GAVE_UP' });
    const other = run(charge({ status: 'PENDING', noticeCode: 'NO_QR' }), {
      type: 'callbackStatus',
      raw: 'PAID',
    });
    expect(other.next.noticeCode).toBe('NO_QR');
  });

  it('the same final status twice is a duplicate and changes nothing', () => {
    const state = charge({ status: 'PAID', pspStatus: 'PAID' });
    const d = run(state, { type: 'callbackStatus', raw: 'PAID' });
    expect(d).toMatchObject({ outcome: 'duplicate', changed: false, effects: [] });
  });

  it.each(['CANCELED', 'EXPIRED'] as const)(
    'a late payment on an %s charge: PAID, says after what, alerts loudly',
    (from) => {
      const d = run(charge({ status: from }), { type: 'callbackStatus', raw: 'CONCLUIDO' });
      expect(d.outcome).toBe('late-payment');
      expect(d.next).toMatchObject({
        status: 'PAID',
        paidAfter: from,
        pspStatus: 'CONCLUIDO',
        noticeCode: 'LATE_PAYMENT',
      });
      expect(d.history).toEqual([{ from, to: 'PAID', detail: 'late payment' }]);
      expect(d.effects).toContainEqual({ type: 'alert', code: 'LATE_PAYMENT' });
      expect(d.effects).toContainEqual({ type: 'paid', late: true });
    },
  );

  it('a refund after a payment moves PAID to REFUNDED and keeps the PSP’s word', () => {
    const d = run(charge({ status: 'PAID' }), { type: 'callbackStatus', raw: 'ESTORNADO' });
    expect(d.next).toMatchObject({ status: 'REFUNDED', pspStatus: 'ESTORNADO' });
    expect(d.outcome).toBe('applied');
    expect(d.effects.some((e) => e.type === 'paid')).toBe(false);
  });

  it.each([
    ['PAID', 'FAILED'],
    ['EXPIRED', 'CANCELLED'],
    ['REFUNDED', 'PAID'],
    ['FAILED', 'EXPIRED'],
  ] as const)('a %s charge ignores a later %s, and says so in its history', (status, raw) => {
    const state = charge({ status, pspStatus: 'before' });
    const d = run(state, { type: 'callbackStatus', raw });
    expect(d).toMatchObject({ outcome: 'ignored', changed: true });
    expect(d.next).toMatchObject({ status, pspStatus: 'before' });
    expect(d.history).toEqual([
      { from: status, to: status, detail: `ignored ${raw} on a final charge` },
    ]);
  });

  it('an illegal move from a live state is ignored and keeps the PSP status it had', () => {
    const d = run(charge({ status: 'DRAFT' }), { type: 'callbackStatus', raw: 'PAID' });
    expect(d.outcome).toBe('ignored');
    expect(d.next.status).toBe('DRAFT');
    expect(d.next.pspStatus).toBeUndefined();
  });
});

describe('local expiry, cancel, giving up', () => {
  it('a PENDING charge expires locally only once its time has come, flagged LOCAL_EXPIRY', () => {
    const pending = charge({ status: 'PENDING', expiresAt: 100 });
    expect(run(pending, { type: 'localExpiry' }, { at: 99 })).toMatchObject({
      outcome: 'noop',
      changed: false,
    });
    const d = run(pending, { type: 'localExpiry' }, { at: 100 });
    expect(d.next).toMatchObject({ status: 'EXPIRED', noticeCode: 'LOCAL_EXPIRY' });
    expect(d.next.flags).toEqual(['LOCAL_EXPIRY']);
    expect(d.outcome).toBe('applied');
  });

  it('an UNCERTAIN charge never expires locally (it may exist at the PSP)', () => {
    const d = run(charge({ status: 'UNCERTAIN', expiresAt: 0 }), { type: 'localExpiry' });
    expect(d).toMatchObject({ outcome: 'noop', changed: false });
  });

  it('a cancel ends a live charge, says who and when, flagged LOCAL_CANCEL', () => {
    const d = run(charge({ status: 'PENDING' }), { type: 'cancel', by: 'owner' }, { at: 9 });
    expect(d.next).toMatchObject({
      status: 'CANCELED',
      canceledBy: 'owner',
      canceledAt: 9,
      noticeCode: 'LOCAL_CANCEL',
    });
    expect(d.next.flags).toEqual(['LOCAL_CANCEL']);
    expect(d.history).toEqual([{ from: 'PENDING', to: 'CANCELED', detail: 'by owner' }]);
    expect(d.outcome).toBe('applied');
  });

  it.each(['PAID', 'FAILED', 'CANCELED', 'EXPIRED', 'REFUNDED'] as const)(
    'a cancel on a %s charge does nothing',
    (status) => {
      const d = run(charge({ status }), { type: 'cancel', by: 'owner' });
      expect(d).toMatchObject({ outcome: 'noop', changed: false });
      expect(d.next.canceledBy).toBeUndefined();
    },
  );

  it('a cancel while submitting waits for the answer and remembers who and when', () => {
    const d = run(submitting(), { type: 'cancel', by: 'owner' }, { at: 3 });
    expect(d.next).toMatchObject({
      status: 'SUBMITTING',
      canceledBy: 'owner',
      canceledAt: 3,
      deferred: ['CANCEL'],
    });
    expect(d.history).toEqual([
      { from: 'SUBMITTING', to: 'SUBMITTING', detail: 'cancel requested while submitting' },
    ]);
    expect(d.outcome).toBe('applied');
  });

  it('giving up on an UNCERTAIN charge with a status query asks the cashier to recheck', () => {
    const state = charge({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    expect(run(state, { type: 'resolveGaveUp' }).next.noticeCode).toBe('UNCERTAIN_GAVE_UP');
    const d = run(state, { type: 'resolveGaveUp', canQuery: true });
    expect(d.next).toMatchObject({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN_GAVE_UP' });
  });

  it('giving up without a status query retires the charge (nothing is left UNCERTAIN)', () => {
    const state = charge({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    const d = run(state, { type: 'resolveGaveUp', canQuery: false }, { at: 12 });
    expect(d.next).toMatchObject({
      status: 'CANCELED',
      noticeCode: 'UNCERTAIN_RETIRED',
      canceledAt: 12,
    });
    expect(d).toMatchObject({ outcome: 'applied' });
    expect(types(d)).toEqual(['publish', 'stopResolving']);
  });

  it('giving up without a query while a retry is in flight tells the cashier now and retires after its answer', () => {
    const d = run(
      submitting({ attempts: 2 }),
      { type: 'resolveGaveUp', canQuery: false },
      { at: 5 },
    );
    expect(d.next).toMatchObject({
      status: 'SUBMITTING',
      deferred: ['RETIRE'],
      noticeCode: 'UNCERTAIN_RETIRED',
    });
    expect(types(d)).toEqual(['publish']);
    expect(run(d.next, { type: 'resolveGaveUp', canQuery: false }).outcome).toBe('noop');
    // Even a QR that arrives now is never shown: the cashier was told to start a new sale.
    const answered = run(d.next, answer(), { at: 8 });
    expect(answered.next).toMatchObject({
      status: 'CANCELED',
      noticeCode: 'UNCERTAIN_RETIRED',
      canceledAt: 5,
      deferred: [],
    });
    expect(moves(answered)).toEqual(['SUBMITTING>PENDING', 'PENDING>CANCELED']);
    const lost = run(d.next, { type: 'answerLost' });
    expect(lost.next).toMatchObject({ status: 'CANCELED', noticeCode: 'UNCERTAIN_RETIRED' });
    const refused = run(d.next, refusal('validation', false));
    expect(refused.next).toMatchObject({ status: 'CANCELED', noticeCode: 'UNCERTAIN_RETIRED' });
  });

  it('a deferred retirement leaves a charge the answer failed as it is', () => {
    const d = run(submitting({ attempts: 2, deferred: ['RETIRE'] }), answer({ qrcode: 'junk' }));
    expect(d.next).toMatchObject({ status: 'FAILED', noticeCode: 'QR_REJECTED', deferred: [] });
  });

  it('giving up on a charge no longer UNCERTAIN does nothing', () => {
    for (const canQuery of [true, false]) {
      const d = run(charge({ status: 'PENDING' }), { type: 'resolveGaveUp', canQuery });
      expect(d).toMatchObject({ outcome: 'noop', changed: false });
    }
  });

  it('an event of no known type is a bug, thrown', () => {
    expect(() => run(charge(), { type: 'bogus' } as unknown as ChargeEvent)).toThrow(
      /unhandled charge event/,
    );
  });

  it('the decision never changes the state it was given', () => {
    const state = charge({ status: 'PENDING', flags: ['NO_QR'] });
    const copy = structuredClone(state);
    run(state, { type: 'cancel', by: 'owner' });
    expect(state).toEqual(copy);
  });
});

describe('what a decision records', () => {
  it('a query that only brings the PSP’s id changes the record; the same id again does not', () => {
    const first = run(charge({ status: 'PENDING' }), {
      type: 'queryStatus',
      raw: 'PENDING',
      transactionId: 'tx-2',
    });
    expect(first).toMatchObject({ changed: true, history: [] });
    const again = run(first.next, { type: 'queryStatus', raw: 'PENDING', transactionId: 'tx-2' });
    expect(again.changed).toBe(false);
  });

  it('a status without the PSP’s id keeps the id the charge has', () => {
    const state = charge({ status: 'PENDING', pspTransactionId: 'tx-1' });
    expect(run(state, { type: 'callbackStatus', raw: 'PAID' }).next.pspTransactionId).toBe('tx-1');
    expect(run(state, { type: 'queryStatus', raw: 'PAID' }).next.pspTransactionId).toBe('tx-1');
  });

  it('an unknown status twice is flagged once', () => {
    const once = run(charge({ status: 'PENDING' }), { type: 'callbackStatus', raw: 'ON_HOLD' });
    const twice = run(once.next, { type: 'callbackStatus', raw: 'ON_HOLD' });
    expect(twice.next.flags).toEqual(['UNKNOWN_STATUS']);
  });

  it('a payment on a FAILED charge is reported as a late payment', () => {
    const d = run(charge({ status: 'FAILED' }), { type: 'callbackStatus', raw: 'PAID' });
    expect(d.outcome).toBe('late-payment');
    expect(d.next.status).toBe('FAILED');
  });

  it('any uncertain notice (gave up, no query) goes once the charge is paid', () => {
    for (const noticeCode of ['UNCERTAIN_GAVE_UP', 'UNCERTAIN_NO_QUERY'] as const) {
      const d = run(charge({ status: 'UNCERTAIN', noticeCode }), {
        type: 'callbackStatus',
        raw: 'PAID',
      });
      expect(d.next.noticeCode).toBeUndefined();
    }
  });
});
