/**
 * One operation per key at a time, in call order (a callback and a retry of the same charge
 * never interleave). The rule that keeps Node alive: the chain the lock keeps for itself never
 * rejects — a failed operation rejects only the promise its caller holds, so the lock leaves no
 * unhandled rejection behind, and the next operation on the key still runs.
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

  /** Resolves once every operation queued so far has settled (never rejects). */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
  }
}
