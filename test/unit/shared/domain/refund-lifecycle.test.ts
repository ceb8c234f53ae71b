import { describe, expect, it } from 'vitest';
import {
  checkRefund,
  decideRefund,
  refundableCents,
  type RefundFacts,
} from '../../../../shared/domain/refund-lifecycle';
import { closeDay } from '../../../../shared/domain/day-closing';

const sending: RefundFacts = { status: 'SENDING', attempts: 1 };

describe('the devolução decision', () => {
  it('EM_PROCESSAMENTO then DEVOLVIDO: processing, followed, then refunded with its time', () => {
    const a = decideRefund(sending, { type: 'pspStatus', status: 'EM_PROCESSAMENTO', at: 1 });
    expect(a.next.status).toBe('PROCESSING');
    expect(a.effects).toContainEqual({ type: 'pollLater' });
    const b = decideRefund(a.next, { type: 'pspStatus', status: 'DEVOLVIDO', at: 9 });
    expect(b.next).toMatchObject({ status: 'REFUNDED', doneAt: 9, pspStatus: 'DEVOLVIDO' });
  });

  it('NAO_REALIZADO ends it; a final refund stays final', () => {
    const a = decideRefund(sending, { type: 'pspStatus', status: 'NAO_REALIZADO', at: 1 });
    expect(a.next.status).toBe('NOT_DONE');
    expect(decideRefund(a.next, { type: 'pspStatus', status: 'DEVOLVIDO', at: 2 }).changed).toBe(
      false,
    );
  });

  it('an answer lost is UNCERTAIN and asked about, never resent by itself', () => {
    const a = decideRefund(sending, { type: 'answerLost' });
    expect(a.next).toMatchObject({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' });
    expect(a.effects).not.toContainEqual({ type: 'sendNow' });
    expect(decideRefund(a.next, { type: 'send' }).effects).toContainEqual({ type: 'sendNow' });
  });

  it('the same id goes again only after the PSP said it has no such devolução', () => {
    const lost = decideRefund(sending, { type: 'answerLost' }).next;
    const again = decideRefund(lost, { type: 'notAtPsp' });
    expect(again.next).toMatchObject({ status: 'SENDING', attempts: 2 });
    expect(again.effects).toContainEqual({ type: 'sendNow' });
    // Not on a refund already on its way.
    const processing: RefundFacts = { status: 'PROCESSING', attempts: 1 };
    expect(decideRefund(processing, { type: 'notAtPsp' }).effects).toEqual([]);
  });

  it('a refusal of the first send is final; of a resend (the id may be used) it is UNCERTAIN', () => {
    expect(
      decideRefund(sending, { type: 'pspRefused', kind: 'validation', code: 'PSP_REJECTED' }).next,
    ).toMatchObject({ status: 'REFUSED', noticeCode: 'PSP_REJECTED' });
    expect(
      decideRefund(
        { status: 'SENDING', attempts: 2 },
        { type: 'pspRefused', kind: 'validation', code: 'PSP_REJECTED' },
      ).next.status,
    ).toBe('UNCERTAIN');
  });
});

describe('what is left to refund', () => {
  it('counts refunds done, on their way or uncertain; not the ones that failed', () => {
    const refunds = [
      { amountCents: 100, status: 'REFUNDED' as const },
      { amountCents: 200, status: 'UNCERTAIN' as const },
      { amountCents: 300, status: 'NOT_DONE' as const },
      { amountCents: 400, status: 'REFUSED' as const },
    ];
    expect(refundableCents(1000, refunds)).toBe(700);
    expect(checkRefund(700, 1000, refunds).ok).toBe(true);
    expect(checkRefund(701, 1000, refunds)).toMatchObject({
      ok: false,
      code: 'REFUND_EXCEEDS_REMAINING',
    });
    expect(checkRefund(0, 1000, [])).toMatchObject({ ok: false, code: 'AMOUNT_ZERO' });
    expect(checkRefund(1, 100, [{ amountCents: 100, status: 'PROCESSING' }])).toMatchObject({
      ok: false,
      code: 'REFUND_NOTHING_LEFT',
    });
  });
});

describe('Fechamento and devoluções', () => {
  it('a refund counts on the day it was done, against that day’s net', () => {
    const day = { from: 1_000, to: 2_000 };
    const sale = {
      status: 'PAID' as const,
      amountCents: 5000,
      feeCents: 0,
      flags: [],
      demo: false,
      createdAt: 500,
      paidAt: 600,
    };
    const c = closeDay(
      day,
      [sale],
      [],
      [
        { amountCents: 2000, demo: false, doneAt: 1_500 },
        { amountCents: 1000, demo: false, doneAt: 2_500 },
      ],
    );
    expect(c.live.refunded).toEqual({ count: 1, amountCents: 2000 });
    expect(c.live.received.netCents).toBe(-2000);
  });
});
