import { err, type Result } from '../../../shared/result';
import type { TransactionStatus } from './replies';

const MINUTE = 60_000;

/**
 * The one request budget of the status query (`psp.statusQuery.perMinute`): a sliding minute
 * shared by every caller — reconciliation, confirm-by-query hints, uncertain resolution, the
 * cashier's "Verificar de novo". A 429 pauses it for the PSP's Retry-After.
 */
export class QueryBudget {
  private stamps: number[] = [];
  private pausedUntil = 0;

  constructor(
    private readonly perMinute: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  private prune(at: number): void {
    while (this.stamps.length && this.stamps[0]! <= at - MINUTE) this.stamps.shift();
  }

  /** Requests that may go out right now. */
  available(): number {
    const at = this.now();
    if (at < this.pausedUntil) return 0;
    this.prune(at);
    return Math.max(0, this.perMinute() - this.stamps.length);
  }

  tryTake(): boolean {
    if (this.available() < 1) return false;
    this.stamps.push(this.now());
    return true;
  }

  /** When the next request may go out. */
  nextAt(): number {
    const at = this.now();
    this.prune(at);
    const limit = this.perMinute();
    const freed =
      this.stamps.length < limit ? at : this.stamps[this.stamps.length - limit]! + MINUTE;
    return Math.max(freed, this.pausedUntil);
  }

  /** The PSP said 429: nobody asks before `untilMs`. */
  pause(untilMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  /** Requests sent in the last minute. */
  used(): number {
    this.prune(this.now());
    return this.stamps.length;
  }
}

export interface StatusQueryGateDeps {
  query: (id: string) => Promise<Result<TransactionStatus>>;
  budget: QueryBudget;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Every status query passes here: at most one in flight (or waiting) per id — callers asking
 * about the same charge share the answer, so a flood of hints costs one request — and none
 * beyond the budget. A 429 is honoured (the budget pauses for Retry-After) and never retried
 * here: the caller's schedule decides when to ask again.
 */
export class StatusQueryGate {
  private readonly inflight = new Map<string, Promise<Result<TransactionStatus>>>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: StatusQueryGateDeps) {
    this.now = deps.now ?? Date.now;
    this.sleep =
      deps.sleep ??
      ((ms) =>
        new Promise((r) => {
          setTimeout(r, ms).unref?.();
        }));
  }

  get budget(): QueryBudget {
    return this.deps.budget;
  }

  /** `waitMs`: how long this caller may wait for a free slot (0: now or not at all). */
  ask(id: string, waitMs = 0): Promise<Result<TransactionStatus>> {
    const running = this.inflight.get(id);
    if (running) return running;
    const p = this.run(id, waitMs).finally(() => this.inflight.delete(id));
    this.inflight.set(id, p);
    return p;
  }

  private async run(id: string, waitMs: number): Promise<Result<TransactionStatus>> {
    const deadline = this.now() + waitMs;
    while (!this.deps.budget.tryTake()) {
      const at = this.deps.budget.nextAt();
      if (at > deadline) {
        return err('rate_limited', 'STATUS_QUERY_BUDGET', {
          retryAfterMs: Math.max(0, at - this.now()),
        });
      }
      await this.sleep(Math.max(10, at - this.now()));
    }
    const r = await this.deps.query(id);
    if (!r.ok && r.kind === 'rate_limited' && r.code !== 'STATUS_QUERY_BUDGET')
      this.deps.budget.pause(this.now() + (r.retryAfterMs ?? MINUTE));
    return r;
  }
}
