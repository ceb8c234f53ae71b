/**
 * When a channel's events committed by this instance may go to its subscribers at once, on
 * etcd's answer, rather than when this instance's watch brings them back (the watch's event
 * came 1–84 ms after the answer at p99 in bench/relay-etcd-timeline.ts, README "Where a
 * callback's time goes on etcd"). A channel's events must reach a subscriber in id order, each
 * once, and the watch hands over every revision in order; so a transaction's events of channel
 * c, at revision R, may be handed over before the watch only when every earlier event of c
 * already was: the transaction reads c's previous last event P (its head key's previous mod
 * revision, `prev_kv` on the head's put, in the same transaction), and P was handed over by the
 * watch (P ≤ the watch's last revision) or by this path (P is c's last early one). The watch
 * then skips what went early. Anything else (P unknown, another instance's event in between
 * not yet watched) waits for the watch, as before.
 */
export class CommitOrder {
  /** The last revision the watch handed over (every event up to it went to the listeners). */
  private watched: bigint;
  /** Per channel, the last revision handed over on commit that the watch has not reached yet. */
  private readonly early = new Map<string, bigint>();
  /** Transactions' channel events handed over on commit (for tests and the benchmark). */
  handedOnCommit = 0;

  constructor(watchedUpTo: bigint) {
    this.watched = watchedUpTo;
  }

  /**
   * Whether channel `c`'s events of revision `rev`, whose previous event is at `prev` (null:
   * the head was absent, a new or deleted channel), go now; if so they count as handed over.
   */
  mayHandOver(c: string, rev: bigint, prev: bigint | null): boolean {
    if (prev === null || rev <= this.watched) return false;
    if (prev > this.watched && this.early.get(c) !== prev) return false;
    this.early.set(c, rev);
    this.handedOnCommit++;
    return true;
  }

  /** Whether the watch's event of channel `c` at `rev` was handed over on commit already. */
  handedEarly(c: string, rev: bigint): boolean {
    const e = this.early.get(c);
    return e !== undefined && rev <= e;
  }

  /**
   * The watch handed over everything up to `rev` (or, after its history was compacted, skipped
   * to it while the subscribers read the store): what went early up to it is done with. An
   * early entry the watch skipped stays until a later revision passes it, so the watch never
   * hands it over twice.
   */
  watchReached(rev: bigint) {
    if (rev <= this.watched) return;
    this.watched = rev;
    for (const [c, e] of this.early) if (e <= rev) this.early.delete(c);
  }
}
