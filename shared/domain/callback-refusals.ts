/**
 * Refused callbacks (issue 20, item 2): the relay answered 200 to the PSP, so the PSP stopped
 * retrying; the only trace of a refused payment notice is what the app keeps and shows. Each
 * reason is a code the renderer words with what it means and what to check
 * (`callbackRefusals.reason.<code>`).
 */
export const REFUSAL_REASONS = [
  // In the order the owner should fix them: the first one present names the notice.
  'CALLBACK_BAD_SIGNATURE',
  'CALLBACK_NO_SECRET',
  'CALLBACK_NO_SIGNATURE',
  'CALLBACK_STALE',
  'CALLBACK_FUTURE',
  'CALLBACK_NO_TIMESTAMP',
  'CALLBACK_BAD_TIMESTAMP',
  // A paid amount that is not money (R$ 0,00, negative, not a number): never a payment.
  'CALLBACK_AMOUNT_ZERO',
  'CALLBACK_AMOUNT_NEGATIVE',
  'CALLBACK_AMOUNT_INVALID',
  'CALLBACK_UNKNOWN_STATUS',
  'CALLBACK_UNKNOWN_ID',
  'CALLBACK_BAD_BODY',
  /** A code this build does not know (kept, never dropped). */
  'CALLBACK_OTHER',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const refusalReason = (code: string): RefusalReason =>
  (REFUSAL_REASONS as readonly string[]).includes(code)
    ? (code as RefusalReason)
    : 'CALLBACK_OTHER';

/**
 * An intake outcome that is a refusal although the callback was authentic: nothing was applied.
 * `bad-amount`: a paid amount the lifecycle refuses (not money). A paid amount that is money but
 * differs from the charge is no refusal: it is its own state, PAID_DIFFERENT_AMOUNT.
 */
const REFUSED_OUTCOMES: Readonly<Record<string, RefusalReason>> = {
  'unknown-charge': 'CALLBACK_UNKNOWN_ID',
  // Neither a charge nor a withdrawal of this terminal.
  'unknown-record': 'CALLBACK_UNKNOWN_ID',
  'unknown-status': 'CALLBACK_UNKNOWN_STATUS',
  'bad-amount': 'CALLBACK_AMOUNT_INVALID',
};

export const refusalOfOutcome = (outcome: string): RefusalReason | null =>
  REFUSED_OUTCOMES[outcome] ?? null;

/** How many refused callbacks the ledger keeps; older ones are dropped. */
export const REFUSALS_KEPT = 500;

export interface RefusalSummary {
  /** Refused today (local day), all reasons. */
  count: number;
  /** The reason to name: the first of REFUSAL_REASONS present today. */
  reason: RefusalReason | null;
  byReason: Partial<Record<RefusalReason, number>>;
}

export function summarizeRefusals(counts: Readonly<Record<string, number>>): RefusalSummary {
  const byReason: Partial<Record<RefusalReason, number>> = {};
  let count = 0;
  for (const [code, n] of Object.entries(counts)) {
    if (!(n > 0)) continue;
    const r = refusalReason(code);
    byReason[r] = (byReason[r] ?? 0) + n;
    count += n;
  }
  const reason = REFUSAL_REASONS.find((r) => byReason[r]) ?? null;
  return { count, reason, byReason };
}

/**
 * One notice (or log line) per window however many refusals arrive: the first goes out at once,
 * the ones after it are gathered into one more at the window's end.
 */
export interface ThrottleState {
  lastAt: number | null;
  /** Refusals since the last emission, waiting for the window's end. */
  waiting: boolean;
}

export type ThrottleStep =
  | { state: ThrottleState; emit: 'now' }
  | { state: ThrottleState; emit: 'at'; at: number }
  | { state: ThrottleState; emit: 'none' };

export const THROTTLE_IDLE: ThrottleState = { lastAt: null, waiting: false };

/** A refusal arrived at `now`. `emit: 'at'` asks for `flushed` at that time (once). */
export function onRefusal(s: ThrottleState, now: number, windowMs: number): ThrottleStep {
  if (s.lastAt === null || now - s.lastAt >= windowMs)
    return { state: { lastAt: now, waiting: false }, emit: 'now' };
  if (s.waiting) return { state: s, emit: 'none' };
  return { state: { lastAt: s.lastAt, waiting: true }, emit: 'at', at: s.lastAt + windowMs };
}

/** The window's end: emit what gathered (if anything). */
export function flushed(s: ThrottleState, now: number): { state: ThrottleState; emit: boolean } {
  return s.waiting
    ? { state: { lastAt: now, waiting: false }, emit: true }
    : { state: s, emit: false };
}

/** The terminal's local day `YYYY-MM-DD` of an instant (the day `dayRange` reads back). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
