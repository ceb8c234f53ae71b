import type { StoredEvent } from './store';

/** A transaction's events of one channel, committed, not yet handed over. */
interface Held {
  prev: bigint;
  rev: bigint;
  events: StoredEvent[];
}

/**
 * When a channel's events committed by this instance may go to its subscribers at once, on
 * etcd's answer, rather than when this instance's watch brings them back (the watch's event
 * came up to 37–89 ms after the answer at p99 in bench/relay-etcd-timeline.ts, README "Where a
 * callback's time goes on etcd"). A channel's events must reach a subscriber in id order, each
 * once, and the watch hands over every revision in order; so a transaction's events of channel
 * c, at revision R, may be handed over before the watch only when every earlier event of c
 * already was: the transaction reads c's previous last event P (its head key's previous mod
 * revision, `prev_kv` on the head's put, in the same transaction), and P was handed over by the
 * watch (P ≤ the watch's last revision) or by this path (P is c's last early one). When not
 * yet (the answer for P is still on its way: each call may go to another member), R is held
 * until P is handed over, by either path; the watch skips what went early and drops what it
 * handed over itself. P unknown (a new or deleted channel): the watch, as before.
 */
export class CommitOrder {
  /** The last revision the watch handed over (every event up to it went to the listeners). */
  private watched: bigint;
  /** Per channel, the last revision handed over on commit that the watch has not reached yet. */
  private readonly early = new Map<string, bigint>();
  /** Per channel, committed transactions waiting for their previous event to be handed over. */
  private readonly held = new Map<string, Held[]>();
  /** Channel batches handed over on commit (for tests and the benchmark). */
  handedOnCommit = 0;

  constructor(
    watchedUpTo: bigint,
    private readonly hand: (channelId: string, events: StoredEvent[]) => void,
  ) {
    this.watched = watchedUpTo;
  }

  /**
   * Channel `c`'s events of revision `rev`, whose previous event is at `prev` (null: the head
   * was absent), just committed: handed over now, held, or left to the watch.
   */
  committed(c: string, rev: bigint, prev: bigint | null, events: StoredEvent[]) {
    if (prev === null || rev <= this.watched) return;
    const list = this.held.get(c);
    if (list) list.push({ prev, rev, events });
    else this.held.set(c, [{ prev, rev, events }]);
    this.drain(c);
  }

  /** Hands over channel `c`'s held transactions whose previous event is handed over, in order. */
  private drain(c: string) {
    const list = this.held.get(c);
    for (let moved = true; list && moved;) {
      moved = false;
      for (let i = 0; i < list.length; i++) {
        const h = list[i]!;
        if (h.prev > this.watched && this.early.get(c) !== h.prev) continue;
        list.splice(i, 1);
        this.early.set(c, h.rev);
        this.handedOnCommit++;
        this.hand(c, h.events);
        moved = true;
        break;
      }
    }
    if (list && !list.length) this.held.delete(c);
  }

  /** Whether the watch's event of channel `c` at `rev` was handed over on commit already. */
  handedEarly(c: string, rev: bigint): boolean {
    const e = this.early.get(c);
    return e !== undefined && rev <= e;
  }

  /**
   * The watch handed over everything up to `rev` (or, after its history was compacted, skipped
   * to it while the subscribers read the store): what went early up to it is done with, what is
   * held up to it was handed over by the watch, and what is held just after it may go now. An
   * early entry the watch skipped stays until a later revision passes it, so the watch never
   * hands it over twice.
   */
  watchReached(rev: bigint) {
    if (rev <= this.watched) return;
    this.watched = rev;
    for (const [c, e] of this.early) if (e <= rev) this.early.delete(c);
    for (const [c, list] of this.held) {
      const left = list.filter((h) => h.rev > rev);
      if (left.length) this.held.set(c, left);
      else this.held.delete(c);
      if (left.length) this.drain(c);
    }
  }
}
