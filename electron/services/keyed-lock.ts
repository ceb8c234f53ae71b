/**
 * One async operation per key at a time, in call order (a callback-driven query and a retry of
 * the same charge never interleave across their awaits). Synchronous decisions need no lock:
 * they cannot interleave, and async flows reload the record after every await.
 *
 * The rule that keeps Node alive: the chain the lock keeps for itself never rejects — a failed
 * operation rejects only the promise its caller holds, so the lock leaves no unhandled
 * rejection behind, and the next operation on the key still runs.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const result = prev.then(() => fn());
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with an operation queued or running. */
  get size(): number {
    return this.tails.size;
  }

  /** Resolves once every operation queued so far has settled (never rejects; tests, shutdown). */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
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
