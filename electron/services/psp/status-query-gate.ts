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

  /** Requests that may go out right now, leaving `reserve` of the minute's slots unused. */
  available(reserve = 0): number {
    const at = this.now();
    if (at < this.pausedUntil) return 0;
    this.prune(at);
    return Math.max(0, this.perMinute() - reserve - this.stamps.length);
  }

  tryTake(reserve = 0): boolean {
    if (this.available(reserve) < 1) return false;
    this.stamps.push(this.now());
    return true;
  }

  /** When the next request may go out (leaving `reserve` slots unused). */
  nextAt(reserve = 0): number {
    const at = this.now();
    this.prune(at);
    const limit = Math.max(1, this.perMinute() - reserve);
    const freed =
      this.stamps.length < limit ? at : this.stamps[this.stamps.length - limit]! + MINUTE;
    return Math.max(freed, this.pausedUntil);
  }

  /** The PSP said 429: nobody asks before `untilMs`. */
  pause(untilMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  /** The PSP's limit per minute. */
  limit(): number {
    return this.perMinute();
  }

  /** Requests sent in the last minute. */
  used(): number {
    this.prune(this.now());
    return this.stamps.length;
  }
}

/**
 * Who is waiting for the answer (issue 21), first to last: `doubt` — a cashier waiting for a QR
 * (an uncertain create) or who pressed "Verificar de novo" — may use every slot; `counter` — a
 * pending charge whose customer may still be paying, polled as a safety net beside the
 * callbacks — leaves half of the minute for doubt; `routine` reconciliation (closed charges still payable,
 * forged or stale hints) leaves a larger share. A waiting caller holds back every lower one.
 * Measured in the chaos run: with pending charges at the doubt's level, polling them took the
 * slots an uncertain create waited for (p99 25–36 s to its QR at 60 a minute).
 */
export type QueryPriority = 'doubt' | 'counter' | 'routine';

const ORDER: readonly QueryPriority[] = ['doubt', 'counter', 'routine'];

/** The share of each minute's budget a priority may never take (at least one slot). */
export const RESERVE: Readonly<Record<QueryPriority, number>> = {
  doubt: 0,
  counter: 0.5,
  routine: 0.6,
};

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
  /** Callers waiting for a slot, by priority: each holds back every lower priority. */
  private readonly waiting: Record<QueryPriority, number> = { doubt: 0, counter: 0, routine: 0 };
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

  private closed = false;

  /**
   * Shutting down: callers waiting for a slot are answered now ("not within the budget"), so
   * the app exits at once instead of after the longest wait (a chaos run saw 10 s pass).
   */
  close(): void {
    this.closed = true;
  }

  get budget(): QueryBudget {
    return this.deps.budget;
  }

  /** Slots a caller of this priority leaves untouched this minute. */
  private reserve(priority: QueryPriority): number {
    if (RESERVE[priority] === 0) return 0;
    return Math.max(1, Math.ceil(this.deps.budget.limit() * RESERVE[priority]));
  }

  /** Someone more urgent is waiting for a slot. */
  private heldBack(priority: QueryPriority): boolean {
    return ORDER.slice(0, ORDER.indexOf(priority)).some((p) => this.waiting[p] > 0);
  }

  /** Requests a caller of this priority may send right now. */
  available(priority: QueryPriority = 'routine'): number {
    if (this.heldBack(priority)) return 0;
    return this.deps.budget.available(this.reserve(priority));
  }

  /** When a caller of this priority may send next. */
  nextAt(priority: QueryPriority = 'routine'): number {
    return this.deps.budget.nextAt(this.reserve(priority));
  }

  /** `waitMs`: how long this caller may wait for a free slot (0: now or not at all). */
  ask(
    id: string,
    waitMs = 0,
    priority: QueryPriority = 'routine',
  ): Promise<Result<TransactionStatus>> {
    const running = this.inflight.get(id);
    if (running) return running;
    const p = this.run(id, waitMs, priority).finally(() => this.inflight.delete(id));
    this.inflight.set(id, p);
    return p;
  }

  private async run(
    id: string,
    waitMs: number,
    priority: QueryPriority,
  ): Promise<Result<TransactionStatus>> {
    const deadline = this.now() + waitMs;
    const take = () => !this.heldBack(priority) && this.deps.budget.tryTake(this.reserve(priority));
    this.waiting[priority]++;
    try {
      while (!take()) {
        const at = this.nextAt(priority);
        if (at > deadline || this.closed) {
          return err('rate_limited', 'STATUS_QUERY_BUDGET', {
            retryAfterMs: Math.max(0, at - this.now()),
          });
        }
        // Held back by a more urgent caller: look again shortly, not at a free slot's time;
        // never nap past 250 ms, so a shutdown (close) is heard.
        const nap = this.heldBack(priority) ? 50 : Math.max(10, at - this.now());
        await this.sleep(Math.min(nap, 250));
      }
    } finally {
      this.waiting[priority]--;
    }
    const r = await this.deps.query(id);
    if (!r.ok && r.kind === 'rate_limited' && r.code !== 'STATUS_QUERY_BUDGET')
      this.deps.budget.pause(this.now() + (r.retryAfterMs ?? MINUTE));
    return r;
  }
}
