import { describe, expect, it } from 'vitest';
import {
  decideWithdrawal,
  type WithdrawalEvent,
  type WithdrawalFacts,
} from '../../../../shared/domain/withdrawal-lifecycle';
import {
  canMoveWithdrawal,
  isWithdrawalFinal,
  readWithdrawalStatus,
} from '../../../../shared/domain/withdrawal-state';

// A withdrawal sends the shop's money out: each rule of its lifecycle, one test that names it.
const w = (over: Partial<WithdrawalFacts> = {}): WithdrawalFacts => ({
  status: 'SUBMITTING',
  flags: [],
  ...over,
});
const run = (state: WithdrawalFacts, e: WithdrawalEvent) => decideWithdrawal(state, e);
const PUBLISH = [{ type: 'publish' }];
const RETRY = [{ type: 'publish' }, { type: 'retryLater' }];

describe('the withdrawal lifecycle', () => {
  it('a retry goes out from UNCERTAIN only', () => {
    expect(run(w({ status: 'UNCERTAIN' }), { type: 'submit' })).toMatchObject({
      next: { status: 'SUBMITTING' },
      outcome: 'applied',
      changed: true,
      effects: PUBLISH,
    });
    for (const status of ['SUBMITTING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const)
      expect(run(w({ status }), { type: 'submit' })).toMatchObject({
        outcome: 'noop',
        changed: false,
        effects: [],
      });
  });

  it('an answer records the PSP id and its status; no status reads as PROCESSING', () => {
    const d = run(w({ noticeCode: 'UNCERTAIN' }), { type: 'pspAnswer', id: 'w-1' });
    expect(d.next).toEqual({ status: 'PROCESSING', flags: [], pspId: 'w-1' });
    expect(d).toMatchObject({ outcome: 'applied', effects: PUBLISH });
    expect(run(w(), { type: 'pspAnswer', status: 'CONCLUIDO' }).next.status).toBe('COMPLETED');
    expect(run(w(), { type: 'pspAnswer', status: 'whatever' }).next.status).toBe('PROCESSING');
  });

  it('an answer on a withdrawal no longer SUBMITTING is ignored', () => {
    const d = run(w({ status: 'UNCERTAIN' }), { type: 'pspAnswer', id: 'w-1' });
    expect(d).toMatchObject({ outcome: 'ignored', changed: false });
    expect(d.next.pspId).toBeUndefined();
  });

  it('a lost answer is UNCERTAIN (never FAILED), flagged RETRIED, and retried later', () => {
    const d = run(w(), { type: 'answerLost' });
    expect(d.next).toEqual({ status: 'UNCERTAIN', flags: ['RETRIED'], noticeCode: 'UNCERTAIN' });
    expect(d).toMatchObject({ outcome: 'applied', effects: RETRY });
  });

  it('a lost answer where a resend could pay twice stays UNCERTAIN_NO_RETRY, never resent', () => {
    const d = run(w(), { type: 'answerLost', retrySafe: false });
    expect(d.next).toEqual({ status: 'UNCERTAIN', flags: [], noticeCode: 'UNCERTAIN_NO_RETRY' });
    expect(d.effects).toEqual(PUBLISH);
  });

  it('a lost answer on a withdrawal not SUBMITTING does nothing', () => {
    expect(run(w({ status: 'PROCESSING' }), { type: 'answerLost' })).toMatchObject({
      outcome: 'noop',
      changed: false,
    });
  });

  it('a refusal on the first attempt fails the withdrawal with the PSP’s code', () => {
    const d = run(w(), { type: 'pspRefused', kind: 'validation', code: 'PSP_REJECTED' });
    expect(d.next).toEqual({ status: 'FAILED', flags: [], noticeCode: 'PSP_REJECTED' });
    expect(d.effects).toEqual(PUBLISH);
  });

  it('a refusal on a retry stays uncertain, not failed (the first attempt may have paid)', () => {
    const d = run(w({ flags: ['RETRIED'] }), {
      type: 'pspRefused',
      kind: 'validation',
      code: 'PSP_REJECTED',
    });
    expect(d.next).toEqual({ status: 'UNCERTAIN', flags: ['RETRIED'], noticeCode: 'UNCERTAIN' });
    expect(d.effects).toEqual(RETRY);
  });

  it('an uncertain refusal is UNCERTAIN and retried later', () => {
    const d = run(w(), { type: 'pspRefused', kind: 'uncertain', code: 'PSP_TIMEOUT' });
    expect(d.next).toEqual({ status: 'UNCERTAIN', flags: ['RETRIED'], noticeCode: 'UNCERTAIN' });
    expect(d.effects).toEqual(RETRY);
  });

  it('a conflict means the PSP already holds it: PROCESSING, ALREADY_RECEIVED', () => {
    const d = run(w(), { type: 'pspRefused', kind: 'conflict', code: 'PSP_DUPLICATE' });
    expect(d.next).toEqual({ status: 'PROCESSING', flags: [], noticeCode: 'ALREADY_RECEIVED' });
    expect(d.effects).toEqual(PUBLISH);
  });

  it('a refusal on a withdrawal not SUBMITTING does nothing', () => {
    const d = run(w({ status: 'UNCERTAIN' }), { type: 'pspRefused', kind: 'auth', code: 'X' });
    expect(d).toMatchObject({ outcome: 'noop', changed: false });
  });

  it('a callback moves a live withdrawal on, keeping the PSP’s word and clearing the notice', () => {
    const d = run(w({ status: 'UNCERTAIN', noticeCode: 'UNCERTAIN' }), {
      type: 'callbackStatus',
      raw: 'pago',
    });
    expect(d.next).toEqual({ status: 'COMPLETED', flags: [], pspStatus: 'pago' });
    expect(d).toMatchObject({ outcome: 'applied', effects: PUBLISH });
  });

  it('a failed callback keeps the notice it had', () => {
    const d = run(w({ status: 'PROCESSING', noticeCode: 'ALREADY_RECEIVED' }), {
      type: 'callbackStatus',
      raw: 'FAILED',
    });
    expect(d.next).toMatchObject({ status: 'FAILED', noticeCode: 'ALREADY_RECEIVED' });
  });

  it('an unknown status is kept and flagged, never guessed', () => {
    const d = run(w({ status: 'PROCESSING' }), { type: 'callbackStatus', raw: 'ON_HOLD' });
    expect(d.next).toEqual({
      status: 'PROCESSING',
      flags: ['UNKNOWN_STATUS'],
      pspStatus: 'ON_HOLD',
    });
    expect(d).toMatchObject({ outcome: 'unknown-status', effects: PUBLISH });
    const again = run(d.next, { type: 'callbackStatus', raw: 'ON_HOLD' });
    expect(again.next.flags).toEqual(['UNKNOWN_STATUS']);
  });

  it('the same status twice is a duplicate; a final withdrawal ignores what follows', () => {
    expect(
      run(w({ status: 'PROCESSING' }), { type: 'callbackStatus', raw: 'PENDING' }).outcome,
    ).toBe('duplicate');
    const done = run(w({ status: 'COMPLETED' }), { type: 'callbackStatus', raw: 'FAILED' });
    expect(done.outcome).toBe('ignored');
    expect(done.next.status).toBe('COMPLETED');
    const back = run(w({ status: 'PROCESSING' }), { type: 'callbackStatus', raw: 'SUBMITTING' });
    expect(back.outcome).toBe('unknown-status');
  });

  it('a live withdrawal cannot move back to PROCESSING from a state that forbids it', () => {
    // SUBMITTING → PROCESSING is allowed; a callback never moves it backwards.
    expect(run(w(), { type: 'callbackStatus', raw: 'QUEUED' }).next.status).toBe('PROCESSING');
  });

  it('an event of no known type is a bug, thrown', () => {
    expect(() => run(w(), { type: 'bogus' } as unknown as WithdrawalEvent)).toThrow(
      /unhandled withdrawal event/,
    );
  });
});

describe('withdrawal states and the PSP’s words', () => {
  it('only COMPLETED and FAILED are final, and nothing leaves them', () => {
    expect(
      (['SUBMITTING', 'UNCERTAIN', 'PROCESSING', 'COMPLETED', 'FAILED'] as const).filter(
        isWithdrawalFinal,
      ),
    ).toEqual(['COMPLETED', 'FAILED']);
    expect(canMoveWithdrawal('COMPLETED', 'FAILED')).toBe(false);
    expect(canMoveWithdrawal('PROCESSING', 'UNCERTAIN')).toBe(false);
    expect(canMoveWithdrawal('UNCERTAIN', 'SUBMITTING')).toBe(true);
  });

  it.each([
    [' processando ', 'PROCESSING'],
    ['IN_PROGRESS', 'PROCESSING'],
    ['sent', 'COMPLETED'],
    ['Enviado', 'COMPLETED'],
    ['estornado', 'FAILED'],
    ['RETURNED', 'FAILED'],
    ['ON_HOLD', undefined],
  ])('%j reads as %s', (raw, state) => expect(readWithdrawalStatus(raw)).toBe(state));
});

describe('the withdrawal vocabulary, every word', () => {
  const words = {
    PROCESSING:
      'PROCESSING PENDING QUEUED CREATED REQUESTED IN_PROGRESS PENDENTE PROCESSANDO EM_PROCESSAMENTO',
    COMPLETED:
      'COMPLETED PAID SUCCESS CONFIRMED APPROVED DONE SENT COMPLETO CONCLUIDO PAGO ENVIADO',
    FAILED:
      'FAILED REJECTED ERROR CANCELED CANCELLED RETURNED REFUNDED FALHA CANCELADO RECUSADO ESTORNADO',
  } as const;
  it.each(Object.entries(words))('%s: each of its words reads as it', (state, list) => {
    for (const word of list.split(' '))
      expect([word, readWithdrawalStatus(word)]).toEqual([word, state]);
  });
});
