import { err, ok, type Result } from '../result';
import { oneOf } from '../one-of';

/** The charge still waits for the PSP or the payer. */
const WAITING = ['DRAFT', 'SUBMITTING', 'PENDING', 'UNCERTAIN'] as const;
/** TERMINAL_STATES, in CHARGE_STATES's order. */
const ENDED = [
  'PAID',
  'PAID_DIFFERENT_AMOUNT',
  'FAILED',
  'EXPIRED',
  'CANCELED',
  'REFUNDED',
] as const;

/**
 * The charge lifecycle of DESIGN.md. UNCERTAIN means "sent, answer lost": the charge may
 * exist at the PSP, so it is never treated as failed. REFUNDED (A6) can only follow a payment.
 * PAID_DIFFERENT_AMOUNT: money arrived, but not the amount charged (`receivedCents` says how
 * much): never plain `Pago`, so nothing that reads PAID mistakes it for a settled sale.
 */
export const CHARGE_STATES = [...WAITING, ...ENDED] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

const TRANSITIONS: Record<ChargeState, readonly ChargeState[]> = {
  DRAFT: ['SUBMITTING', 'CANCELED'],
  // FAILED here: the PSP refused it for sure (4xx) or its BR Code failed our check.
  SUBMITTING: ['PENDING', 'FAILED', 'UNCERTAIN'],
  // Resolved by a same-id retry (back to SUBMITTING), a status query or a callback.
  UNCERTAIN: [
    'SUBMITTING',
    'PENDING',
    'PAID',
    'PAID_DIFFERENT_AMOUNT',
    'FAILED',
    'EXPIRED',
    'CANCELED',
  ],
  PENDING: ['PAID', 'PAID_DIFFERENT_AMOUNT', 'FAILED', 'EXPIRED', 'CANCELED'],
  PAID: ['REFUNDED'],
  PAID_DIFFERENT_AMOUNT: ['REFUNDED'],
  FAILED: [],
  // The late payment (charge-lifecycle.ts): the money arrived after the charge had ended.
  EXPIRED: ['PAID', 'PAID_DIFFERENT_AMOUNT'],
  CANCELED: ['PAID', 'PAID_DIFFERENT_AMOUNT'],
  REFUNDED: [],
};

/** The states after which a charge no longer waits for a payment (a late one is still caught). */
export const TERMINAL_STATES: ReadonlySet<ChargeState> = new Set(ENDED);

export const isTerminal = (s: ChargeState): boolean => TERMINAL_STATES.has(s);

export const canTransition = (from: ChargeState, to: ChargeState): boolean =>
  TRANSITIONS[from].includes(to);

export const nextStates = (from: ChargeState): readonly ChargeState[] => TRANSITIONS[from];

/** Refuses (never applies) an illegal move; the caller keeps the old state. */
export function transition(from: ChargeState, to: ChargeState): Result<ChargeState> {
  if (canTransition(from, to)) return ok(to);
  return err('conflict', 'ILLEGAL_TRANSITION', { params: { from, to } });
}

/** Money landed on the charge (the amount charged or another): what a payment's news follows. */
export const isPaidState = (s: ChargeState): boolean =>
  s === 'PAID' || s === 'PAID_DIFFERENT_AMOUNT';

export const isChargeState = oneOf(CHARGE_STATES);
