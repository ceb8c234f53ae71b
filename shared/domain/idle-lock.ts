/**
 * The optional idle lock (issue 36): after N minutes without a key or the pointer, the counter
 * goes back to "Quem está no caixa?" (the same as Trocar operador: the shift stays open). Never
 * while a sale is under way: a QR that may still be paid keeps the counter as it is, and the lock
 * comes once the sale ended and the idle time passed.
 */
import { isTerminal, type ChargeState } from './charge-state';

/** Idle lock off (the default); otherwise minutes, 1 to IDLE_LOCK_MAX_MINUTES. */
export const IDLE_LOCK_OFF = 0;
export const IDLE_LOCK_MAX_MINUTES = 120;

export interface IdleLockState {
  /** The setting, in minutes (0 = off). */
  minutes: number;
  /** The shop has operators (without them there is nobody to lock out). */
  operators: boolean;
  /** Someone is at the counter (nobody: the prompt is already there). */
  atCounter: boolean;
  /** The charge on screen's status, or null when there is none. */
  chargeStatus: ChargeState | null;
  /** A sale is being handed over or asked for (a create in flight, a PDV sale awaiting its payer). */
  busy: boolean;
  /** When the last key or pointer input came (ms since the epoch). */
  lastInputAt: number;
}

/**
 * A sale that may still be paid (its charge not ended: SUBMITTING, PENDING, UNCERTAIN…), or one
 * being made: the lock must wait.
 */
export const saleUnderWay = (s: Pick<IdleLockState, 'chargeStatus' | 'busy'>) =>
  s.busy || (s.chargeStatus !== null && !isTerminal(s.chargeStatus));

/** True when the counter should go back to the prompt now. */
export function shouldIdleLock(s: IdleLockState, now: number): boolean {
  if (!(s.minutes > IDLE_LOCK_OFF) || !s.operators || !s.atCounter) return false;
  if (saleUnderWay(s)) return false;
  return now - s.lastInputAt >= s.minutes * 60_000;
}
