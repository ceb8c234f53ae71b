import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  CHARGE_STATES,
  isChargeState,
  isPaidState,
  isTerminal,
  nextStates,
  transition,
  type ChargeState,
} from '../../../../shared/domain/charge-state';

describe('charge state machine', () => {
  it('follows the happy path DRAFT → SUBMITTING → PENDING → PAID', () => {
    let s: ChargeState = 'DRAFT';
    for (const next of ['SUBMITTING', 'PENDING', 'PAID'] as const) {
      const r = transition(s, next);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.value;
    }
    expect(s).toBe('PAID');
    expect(isTerminal(s)).toBe(true);
  });

  it('an uncertain charge is never failed by itself: it can retry or resolve to any outcome', () => {
    expect(canTransition('SUBMITTING', 'UNCERTAIN')).toBe(true);
    expect(isTerminal('UNCERTAIN')).toBe(false);
    for (const to of ['SUBMITTING', 'PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELED'] as const) {
      expect(canTransition('UNCERTAIN', to)).toBe(true);
    }
  });

  it.each([
    ['PAID', 'PENDING'],
    ['PAID', 'FAILED'],
    ['EXPIRED', 'PENDING'],
    ['CANCELED', 'PENDING'],
    ['FAILED', 'PENDING'],
    ['DRAFT', 'PAID'],
    ['PENDING', 'SUBMITTING'],
    ['PENDING', 'DRAFT'],
  ] as const)('refuses %s → %s and names both states', (from, to) => {
    const r = transition(from, to);
    expect(r).toMatchObject({ ok: false, kind: 'conflict', code: 'ILLEGAL_TRANSITION' });
    expect(!r.ok && r.params).toEqual({ from, to });
  });

  it('REFUNDED can only follow a payment (of the amount charged or another)', () => {
    for (const from of CHARGE_STATES)
      expect(canTransition(from, 'REFUNDED')).toBe(
        from === 'PAID' || from === 'PAID_DIFFERENT_AMOUNT',
      );
  });

  it('PAID_DIFFERENT_AMOUNT is reached wherever PAID is, and is final but for a refund', () => {
    for (const from of CHARGE_STATES)
      expect(canTransition(from, 'PAID_DIFFERENT_AMOUNT')).toBe(canTransition(from, 'PAID'));
    expect(isTerminal('PAID_DIFFERENT_AMOUNT')).toBe(true);
  });

  it('FAILED and REFUNDED are never left; CANCELED and EXPIRED only by a late payment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('FAILED', 'EXPIRED', 'CANCELED', 'REFUNDED' as const),
        fc.constantFrom(...CHARGE_STATES),
        (from, to) => {
          const late =
            (from === 'EXPIRED' || from === 'CANCELED') &&
            (to === 'PAID' || to === 'PAID_DIFFERENT_AMOUNT');
          expect(transition(from as ChargeState, to).ok).toBe(late);
        },
      ),
    );
  });

  it('any sequence of requested moves keeps terminal states terminal (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARGE_STATES), { maxLength: 30 }), (moves) => {
        let s: ChargeState = 'DRAFT';
        let reachedFinal: ChargeState | null = null;
        for (const to of moves) {
          const r = transition(s, to);
          if (r.ok) s = r.value;
          // Terminal stays terminal: only PAID → REFUNDED and the late payment move on.
          if (reachedFinal) expect(isTerminal(s)).toBe(true);
          if (reachedFinal === 'FAILED') expect(s).toBe('FAILED');
          if (isTerminal(s) && !reachedFinal) reachedFinal = s;
        }
      }),
    );
  });
});

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
