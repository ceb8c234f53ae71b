import type { KvRepo } from '../ledger/kv-repo';

export const PIN_POLICY = { maxFailures: 5, windowMs: 60_000 } as const;

export type AttemptDecision = { allow: true } | { allow: false; retryAfterMs: number };

/**
 * The lockout rule, pure: a guess is allowed only while the wrong PINs of the last window plus
 * the guesses still being checked stay under the limit. Counting a guess when it starts (not
 * when its slow hash ends) is what holds the limit however many arrive at once.
 */
export function decideAttempt(
  failures: readonly number[],
  inFlight: number,
  now: number,
  policy: { maxFailures: number; windowMs: number } = PIN_POLICY,
): AttemptDecision {
  const recent = failures.filter((t) => t > now - policy.windowMs).sort((a, b) => a - b);
  if (recent.length + inFlight < policy.maxFailures) return { allow: true };
  // Full of past failures: the oldest one leaves the window first. Else wait for a guess in flight.
  const freedAt =
    recent.length >= policy.maxFailures
      ? recent[recent.length - policy.maxFailures]! + policy.windowMs
      : now + 1000;
  return { allow: false, retryAfterMs: Math.max(1, freedAt - now) };
}

/**
 * The shell around the rule: reserves an attempt before the hash runs and settles it after.
 * Wrong PINs are kept in the ledger, so restarting the app does not reset the count.
 */
export class PinAttempts {
  private inFlight = 0;
  constructor(
    private readonly kv: KvRepo,
    private readonly now: () => number,
    /** Where the wrong PINs are kept: the owner's, or one operator's (each has her own limit). */
    private readonly key = 'owner.pinFailures',
  ) {}

  private failures(): number[] {
    const now = this.now();
    return (this.kv.get<number[]>(this.key) ?? []).filter((t) => t > now - PIN_POLICY.windowMs);
  }

  /** Call before checking a PIN; `settle` exactly once when the check is done. */
  reserve(): { ok: true; settle(right: boolean): void } | { ok: false; retryAfterMs: number } {
    const d = decideAttempt(this.failures(), this.inFlight, this.now());
    if (!d.allow) return { ok: false, retryAfterMs: d.retryAfterMs };
    this.inFlight++;
    let settled = false;
    return {
      ok: true,
      settle: (right) => {
        if (settled) return;
        settled = true;
        this.inFlight--;
        this.kv.set(this.key, right ? [] : [...this.failures(), this.now()]);
      },
    };
  }
}
