import { describe, expect, it } from 'vitest';
import {
  CHARGE_STATES,
  isChargeState,
  isPaidState,
  nextStates,
  transition,
} from '../../../../shared/domain/charge-state';

// The states a shop reads on each charge, and what may follow each.
describe('a charge’s state', () => {
  it('money landed on PAID and PAID_DIFFERENT_AMOUNT only (a refunded sale is no payment now)', () => {
    expect(CHARGE_STATES.filter(isPaidState)).toEqual(['PAID', 'PAID_DIFFERENT_AMOUNT']);
  });

  it('a state read back from the ledger or the network is one of the ten, spelled exactly', () => {
    for (const s of CHARGE_STATES) expect(isChargeState(s)).toBe(true);
    for (const s of ['paid', 'PAGO', '', ' PAID', 5, null, undefined, ['PAID']])
      expect(isChargeState(s)).toBe(false);
  });

  it('a legal move answers the new state', () => {
    expect(transition('PENDING', 'PAID_DIFFERENT_AMOUNT')).toEqual({
      ok: true,
      value: 'PAID_DIFFERENT_AMOUNT',
    });
  });

  it('a draft never sent may be canceled', () => {
    expect(transition('DRAFT', 'CANCELED')).toEqual({ ok: true, value: 'CANCELED' });
  });

  it('a refused move names both states', () => {
    expect(transition('REFUNDED', 'PAID')).toEqual({
      ok: false,
      kind: 'conflict',
      code: 'ILLEGAL_TRANSITION',
      params: { from: 'REFUNDED', to: 'PAID' },
    });
  });

  it('what may follow a pending charge: paid (either way), failed, expired or canceled', () => {
    expect(nextStates('PENDING')).toEqual([
      'PAID',
      'PAID_DIFFERENT_AMOUNT',
      'FAILED',
      'EXPIRED',
      'CANCELED',
    ]);
    expect(nextStates('FAILED')).toEqual([]);
  });
});
