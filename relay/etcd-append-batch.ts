/** What one group commit may hold, and how many may be on their way at once. */
export interface GroupCommitLimits {
  /** Callbacks in one transaction (each costs a few of etcd's `--max-txn-ops`: etcd-store.ts). */
  maxItems: number;
  /** Bytes in one transaction, under etcd's `--max-request-bytes` (1.5 MiB by default). */
  maxBytes: number;
  /** Transactions on their way at once; what arrives meanwhile waits for the next one. */
  maxInFlight: number;
}

interface Queued<T, R> {
  item: T;
  bytes: number;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit: the callbacks that arrive in one event-loop turn, or while earlier transactions
 * are on their way, go to the store as one transaction, and each is answered only with that
 * transaction's outcome (so never before it committed). Each callback was one transaction, one
 * gRPC call and one Raft entry, and at 1,000/s those calls were what the relay and the members
 * spent their time on (README, "Speed and memory on etcd"). Under load the batches grow by
 * themselves: while `maxInFlight` transactions wait for the quorum, new callbacks queue. One
 * alone still goes at the next turn. `commit` answers each item (a value, or an Error for that
 * one), or rejects for all of them (the transaction was refused or its answer lost).
 */
export class GroupCommit<T, R> {
  private queue: Array<Queued<T, R>> = [];
  private inFlight = 0;
  private scheduled = false;
  /** Transactions sent: what the callbacks cost in round trips. */
  commits = 0;

  constructor(
    private readonly commit: (items: T[]) => Promise<Array<R | Error>>,
    private readonly limits: GroupCommitLimits,
  ) {}

  add(item: T, bytes: number): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, bytes, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain() {
    while (this.queue.length && this.inFlight < this.limits.maxInFlight) this.send(this.take());
  }

  /** The next batch, in arrival order: up to maxItems and maxBytes (one item always fits). */
  private take() {
    let n = 0;
    let bytes = 0;
    while (n < this.queue.length && n < this.limits.maxItems) {
      const b = this.queue[n]!.bytes;
      if (n > 0 && bytes + b > this.limits.maxBytes) break;
      bytes += b;
      n++;
    }
    return this.queue.splice(0, n);
  }

  private send(batch: Array<Queued<T, R>>) {
    this.inFlight++;
    this.commits++;
    this.commit(batch.map((q) => q.item))
      .then(
        (results) =>
          batch.forEach((q, i) => {
            const r = results[i];
            if (r instanceof Error) q.reject(r);
            else q.resolve(r as R);
          }),
        (e: unknown) => batch.forEach((q) => q.reject(e)),
      )
      .finally(() => {
        this.inFlight--;
        this.drain();
      });
  }
}
