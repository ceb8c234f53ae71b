import type { IRangeRequest, IRangeResponse } from 'etcd3';

/** What one batch's transaction may hold (etcd's `--max-txn-ops` default: docs/etcd-facts.md §9). */
const MAX_OPS = 128;
/**
 * The keys a batch may ask for, counting each range's `limit` (1 for a range without one: a
 * channel record, or a bounded window whose few keys after a cursor come back). With bodies of
 * up to 64 KiB that bounds an answer to 128 MiB, below the client's 256 MiB receive limit; with
 * a PSP's callbacks of 1–2 KiB it is a few MiB.
 */
const MAX_KEYS = 2048;

interface Queued {
  reqs: IRangeRequest[];
  keys: number;
  resolve: (r: IRangeResponse[]) => void;
  reject: (e: unknown) => void;
}

const keysOf = (reqs: IRangeRequest[]) =>
  reqs.reduce((n, r) => n + (r.limit ? Number(r.limit) : 1), 0);

/**
 * The reads of one event-loop turn, sent as one read-only transaction: each caller's ranges
 * are read together at one revision, as each alone would be, and get their own answers back.
 * A burst of terminals connecting (a shop chain opening, a relay restarted under 10,000 of them)
 * reads each one's channel and events: with one gRPC call each, the calls' objects outlived the
 * wait for etcd and were promoted, growing V8's old space to twice what the terminals keep
 * (README "Memory per terminal on etcd"). Batched, a burst is a few calls per hundred
 * terminals. A read alone still goes at the next turn.
 */
export class ReadBatch {
  private queue: Queued[] = [];
  private ops = 0;
  private keys = 0;
  private scheduled = false;
  /** Transactions sent (one per batch): what the reads cost in round trips. */
  calls = 0;

  constructor(private readonly send: (reqs: IRangeRequest[]) => Promise<IRangeResponse[]>) {}

  read(reqs: IRangeRequest[]): Promise<IRangeResponse[]> {
    return new Promise((resolve, reject) => {
      const keys = keysOf(reqs);
      if (this.ops + reqs.length > MAX_OPS || this.keys + keys > MAX_KEYS) this.flush();
      this.queue.push({ reqs, keys, resolve, reject });
      this.ops += reqs.length;
      this.keys += keys;
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const batch = this.queue;
    if (!batch.length) return;
    this.queue = [];
    this.ops = 0;
    this.keys = 0;
    this.calls++;
    this.send(batch.flatMap((q) => q.reqs)).then(
      (res) => {
        let at = 0;
        for (const q of batch) {
          q.resolve(res.slice(at, at + q.reqs.length));
          at += q.reqs.length;
        }
      },
      (e: unknown) => batch.forEach((q) => q.reject(e)),
    );
  }
}
