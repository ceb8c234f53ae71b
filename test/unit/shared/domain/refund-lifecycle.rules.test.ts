import { describe, expect, it } from 'vitest';
import {
  checkRefund,
  decideRefund,
  holdsMoney,
  isRefundFinal,
  refundableCents,
  refundStateOfWithdrawal,
  REFUND_STATES,
  type RefundEvent,
  type RefundFacts,
} from '../../../../shared/domain/refund-lifecycle';
import { formatBRL } from '../../../../shared/domain/money';

// The devolução's rules one by one, as the owner sees them on the charge's detail and in the
// amount the Devolver dialog still allows.
const at = (status: RefundFacts['status'], attempts = 1): RefundFacts => ({ status, attempts });
const psp = (status: string, when = 7): RefundEvent => ({ type: 'pspStatus', status, at: when });
/** decideRefund's answer to an event that changes nothing: the same facts, nothing to do. */
const unchanged = (next: RefundFacts) => ({ next, changed: false, effects: [] });
/** The event is ignored in each of these states. */
const ignoredIn = (states: ReadonlyArray<RefundFacts['status']>, event: RefundEvent) => {
  for (const s of states) expect(decideRefund(at(s), event)).toEqual(unchanged(at(s)));
};

describe('which devoluções are over', () => {
  it('refunded, not done and refused are final; sending, uncertain and processing are not', () => {
    expect(REFUND_STATES.filter(isRefundFinal)).toEqual(['REFUNDED', 'NOT_DONE', 'REFUSED']);
  });

  it('only the failed ones give their amount back to what is left to refund', () => {
    expect(REFUND_STATES.filter(holdsMoney)).toEqual([
      'SENDING',
      'UNCERTAIN',
      'PROCESSING',
      'REFUNDED',
    ]);
  });
});

describe('sending a devolução', () => {
  it('a send counts one attempt more and goes out once, with nothing shown as changed yet', () => {
    const d = decideRefund(at('SENDING', 1), { type: 'send' });
    expect(d.next).toEqual({ status: 'SENDING', attempts: 2 });
    expect(d.effects).toEqual([{ type: 'sendNow' }]);
    expect(d.changed).toBe(true);
  });

  it('an uncertain devolução goes again as SENDING, shown at once', () => {
    const d = decideRefund(
      { status: 'UNCERTAIN', attempts: 1, noticeCode: 'UNCERTAIN' },
      { type: 'send' },
    );
    expect(d.next).toMatchObject({ status: 'SENDING', attempts: 2 });
    expect(d.effects).toEqual([{ type: 'publish' }, { type: 'sendNow' }]);
  });

  it('a devolução on its way or over is never sent again', () => {
    ignoredIn(['PROCESSING', 'REFUNDED', 'NOT_DONE', 'REFUSED'], { type: 'send' });
  });

  it('“the PSP has no such id” resends only an uncertain devolução', () => {
    ignoredIn(['SENDING', 'PROCESSING', 'REFUNDED', 'NOT_DONE', 'REFUSED'], { type: 'notAtPsp' });
  });
});

describe('the PSP’s word on a devolução', () => {
  it('EM_PROCESSAMENTO is shown and followed up, with no time of completion', () => {
    const d = decideRefund(at('SENDING'), psp('EM_PROCESSAMENTO'));
    expect(d.next).toEqual({ status: 'PROCESSING', attempts: 1, pspStatus: 'EM_PROCESSAMENTO' });
    expect(d.effects).toEqual([{ type: 'publish' }, { type: 'pollLater' }]);
    expect(d.changed).toBe(true);
  });

  it('DEVOLVIDO is shown with its time and not followed up any more', () => {
    const d = decideRefund(at('PROCESSING'), psp('DEVOLVIDO', 42));
    expect(d.next).toEqual({
      status: 'REFUNDED',
      attempts: 1,
      pspStatus: 'DEVOLVIDO',
      doneAt: 42,
    });
    expect(d.effects).toEqual([{ type: 'publish' }]);
  });

  it('NAO_REALIZADO has no time of completion: Fechamento does not count it', () => {
    const d = decideRefund(at('PROCESSING'), psp('NAO_REALIZADO', 42));
    expect(d.next).toEqual({ status: 'NOT_DONE', attempts: 1, pspStatus: 'NAO_REALIZADO' });
    expect(d.effects).toEqual([{ type: 'publish' }]);
  });

  it('DEVOLVIDO as the answer to the send itself: refunded at once', () => {
    expect(decideRefund(at('SENDING'), psp('DEVOLVIDO', 3)).next).toEqual({
      status: 'REFUNDED',
      attempts: 1,
      pspStatus: 'DEVOLVIDO',
      doneAt: 3,
    });
  });

  it('after an uncertain send, the PSP’s word is taken whatever it is', () => {
    const lost = { status: 'UNCERTAIN' as const, attempts: 1, noticeCode: 'UNCERTAIN' };
    expect(decideRefund(lost, psp('EM_PROCESSAMENTO')).next).toEqual({
      status: 'PROCESSING',
      attempts: 1,
      pspStatus: 'EM_PROCESSAMENTO',
    });
    expect(decideRefund(lost, psp('NAO_REALIZADO')).next).toEqual({
      status: 'NOT_DONE',
      attempts: 1,
      pspStatus: 'NAO_REALIZADO',
    });
  });

  it('an answer after an uncertain send clears the “may have been refunded” notice', () => {
    const d = decideRefund(
      { status: 'UNCERTAIN', attempts: 1, noticeCode: 'UNCERTAIN' },
      psp('DEVOLVIDO', 5),
    );
    expect(d.next).toEqual({ status: 'REFUNDED', attempts: 1, pspStatus: 'DEVOLVIDO', doneAt: 5 });
  });

  it('the same word again changes nothing and asks nothing more', () => {
    const processing = { ...at('PROCESSING'), pspStatus: 'EM_PROCESSAMENTO' };
    expect(decideRefund(processing, psp('EM_PROCESSAMENTO'))).toEqual(unchanged(processing));
  });

  it('a word the app does not know changes nothing (the next poll asks again)', () => {
    expect(decideRefund(at('SENDING'), psp('EM_ANALISE'))).toEqual(unchanged(at('SENDING')));
  });

  it('a final devolução keeps its word: a late EM_PROCESSAMENTO does not reopen it', () => {
    const done = { ...at('REFUNDED'), pspStatus: 'DEVOLVIDO', doneAt: 3 };
    expect(decideRefund(done, psp('EM_PROCESSAMENTO'))).toEqual(unchanged(done));
  });
});

describe('an answer lost or a refusal', () => {
  it('an answer lost is shown as uncertain and asked about', () => {
    const d = decideRefund(at('SENDING'), { type: 'answerLost' });
    expect(d.next).toEqual({ status: 'UNCERTAIN', attempts: 1, noticeCode: 'UNCERTAIN' });
    expect(d.effects).toEqual([{ type: 'publish' }, { type: 'pollLater' }]);
  });

  it('an answer lost counts only for a devolução being sent', () => {
    ignoredIn(['UNCERTAIN', 'PROCESSING', 'REFUNDED', 'NOT_DONE', 'REFUSED'], {
      type: 'answerLost',
    });
  });

  it('a refusal of the first send is final, shown with the PSP’s code, and not asked about', () => {
    const d = decideRefund(at('SENDING', 1), {
      type: 'pspRefused',
      kind: 'validation',
      code: 'PSP_REJECTED',
    });
    expect(d.next).toEqual({ status: 'REFUSED', attempts: 1, noticeCode: 'PSP_REJECTED' });
    expect(d.effects).toEqual([{ type: 'publish' }]);
  });

  it('a refusal that may hide a landed send (uncertain, conflict, a resend) is asked about', () => {
    for (const [kind, attempts] of [
      ['uncertain', 1],
      ['conflict', 1],
      ['validation', 2],
    ] as const) {
      const d = decideRefund(at('SENDING', attempts), { type: 'pspRefused', kind, code: 'X' });
      expect(d.next).toEqual({ status: 'UNCERTAIN', attempts, noticeCode: 'UNCERTAIN' });
      expect(d.effects).toEqual([{ type: 'publish' }, { type: 'pollLater' }]);
    }
  });

  it('a refusal counts only for a devolução being sent', () => {
    ignoredIn(['UNCERTAIN', 'PROCESSING', 'REFUNDED', 'NOT_DONE', 'REFUSED'], {
      type: 'pspRefused',
      kind: 'validation',
      code: 'PSP_REJECTED',
    });
  });

  it('an event this build does not know is a bug, said out loud', () => {
    expect(() => decideRefund(at('SENDING'), { type: 'teleport' } as never)).toThrow(
      'unhandled refund event {"type":"teleport"}',
    );
  });
});

describe('how much may still be refunded', () => {
  it('never below zero, even when more was refunded than this count of received shows', () => {
    expect(refundableCents(100, [{ amountCents: 150, status: 'REFUNDED' }])).toBe(0);
    expect(refundableCents(100, [])).toBe(100);
  });

  it('a devolução being sent holds its part', () => {
    expect(refundableCents(1000, [{ amountCents: 300, status: 'SENDING' }])).toBe(700);
  });

  it('an amount that is not whole cents, or is negative, is refused on the amount field', () => {
    for (const a of [-100, 0.5, Number.NaN, 2 ** 53])
      expect(checkRefund(a, 1000, [])).toEqual({
        ok: false,
        kind: 'validation',
        code: 'AMOUNT_ZERO',
        field: 'amountCents',
      });
  });

  it('one cent is a refund', () => {
    expect(checkRefund(1, 1000, [])).toEqual({ ok: true, value: 1 });
  });

  it('nothing left is a conflict; more than what is left names what is left', () => {
    expect(checkRefund(1, 500, [{ amountCents: 500, status: 'REFUNDED' }])).toEqual({
      ok: false,
      kind: 'conflict',
      code: 'REFUND_NOTHING_LEFT',
    });
    expect(checkRefund(301, 500, [{ amountCents: 200, status: 'REFUNDED' }])).toEqual({
      ok: false,
      kind: 'validation',
      code: 'REFUND_EXCEEDS_REMAINING',
      field: 'amountCents',
      params: { remaining: formatBRL(300) },
    });
    expect(checkRefund(300, 500, [{ amountCents: 200, status: 'REFUNDED' }])).toEqual({
      ok: true,
      value: 300,
    });
  });
});

describe('a refund made by a withdrawal (the family kind)', () => {
  it('reads the withdrawal’s state as the devolução’s', () => {
    expect(
      (['SUBMITTING', 'UNCERTAIN', 'PROCESSING', 'COMPLETED', 'FAILED'] as const).map(
        refundStateOfWithdrawal,
      ),
    ).toEqual(['SENDING', 'UNCERTAIN', 'PROCESSING', 'REFUNDED', 'NOT_DONE']);
  });
});
