/**
 * One async operation per key at a time (a callback-driven query and a retry of the same charge
 * never interleave across their awaits). Synchronous decisions need no lock: they cannot
 * interleave, and async flows reload the record after every await.
 */
export class KeyedLock {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.running.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tracked = next.finally(() => {
      if (this.running.get(key) === tracked) this.running.delete(key);
    });
    // A failed run must not reject the next one's chain, nor be reported unhandled here.
    tracked.catch(() => {});
    this.running.set(key, tracked);
    return next;
  }

  /** Resolves when nothing runs (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }
}

/** Retries on a schedule of delays, per key; says when it gave up. */
export class RetrySchedule {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly rounds = new Map<string, number>();
  private stopped = false;

  constructor(private readonly delaysMs: readonly number[]) {}

  /** Runs `fn` after the next delay; `giveUp` once every delay was used. False when stopped. */
  schedule(key: string, fn: () => void, giveUp: () => void): void {
    if (this.stopped || this.timers.has(key)) return;
    const round = this.rounds.get(key) ?? 0;
    if (round >= this.delaysMs.length) return giveUp();
    this.rounds.set(key, round + 1);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      fn();
    }, this.delaysMs[round]);
    timer.unref?.();
    this.timers.set(key, timer);
  }

  /** Forget a key: its timer and its round count (a fresh start for a manual recheck). */
  cancel(key: string): void {
    const t = this.timers.get(key);
    if (t) clearTimeout(t);
    this.timers.delete(key);
    this.rounds.delete(key);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
