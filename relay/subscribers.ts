import type { ServerResponse } from 'node:http';
import type { Metrics } from './metrics';
import { sseFrame } from './sse-event';
import { idAfter, type RelayStore, type StoredEvent } from './store';

interface Subscriber {
  channelId: string;
  res: ServerResponse;
  cursor: string | null;
  lastWrite: number;
  /** A read-and-write pass is under way; `again`: a wake came during it, run one more. */
  pumping: boolean;
  again: boolean;
  /**
   * The events after its cursor the store handed over that are not written yet, in order and
   * without a gap, so that no read is needed for them: during a pass, those that came since it
   * began (what its read finds plus these is everything, `pass`); while its socket is full after
   * a live write, the rest of that write and what came since (written on 'drain'). Null when
   * it cannot be trusted to be whole (a wake without events, too many held): the store is read.
   * Null too while it waits with nothing held: an idle terminal holds no array.
   */
  pending: StoredEvent[] | null;
  /** The body bytes in `pending` (a bound: a terminal that stopped reading waits in the store). */
  pendingBytes: number;
  /** Its socket is full: nothing more is written until 'drain'. */
  blocked: boolean;
  /** Its last read found nothing more after its cursor, and every wake since was written. */
  caughtUp: boolean;
  closed: boolean;
}

const BATCH = 256;
/**
 * Bytes a subscriber's socket may hold unsent before it counts as blocked. Node's own mark
 * (16 KiB) is 16 events at 1,000/s: a terminal whose reader lags a few tens of milliseconds (a GC
 * pause, a busy core) would leave the live path at once and read its events back from the store,
 * a round trip each time, which on etcd fell further behind than the lag itself. 128 KiB covers
 * such a lag and still bounds what a terminal that stopped reading costs (then it waits in the
 * store, as before).
 */
const SOCKET_ALLOWANCE = 128 * 1024;
/** More handed-over events or bytes than this held: dropped, and the store is read for them. */
const PENDING_MAX = 4 * BATCH;
const PENDING_MAX_BYTES = 256 * 1024;

/**
 * Every connected SSE subscriber, held as one small record each and driven by wakes from the
 * store: no promise, timer or listener per subscriber while it waits, so ten thousand idle
 * terminals cost little more than their sockets. Heartbeats are written by one sweep that
 * visits a slice of the subscribers at a time, so they never arrive all at once.
 */
export class Subscribers {
  /** Arrays, not Sets: a channel has one subscriber or a few, and a Set costs more per entry. */
  private readonly byChannel = new Map<string, Subscriber[]>();
  private readonly all = new Set<Subscriber>();
  private sweepIt: Iterator<Subscriber> = this.all.values();
  private readonly sweep: NodeJS.Timeout;
  /**
   * Each handed-over event's frame, encoded once for all its channel's subscribers (the store
   * hands one object to them all): with 10 subscribers, per-subscriber encoding was 6 % of the
   * relay's CPU at 1,000/s on etcd (bench/relay-etcd-timeline.ts, --cpu-prof). Gone with the event.
   */
  private readonly frames = new WeakMap<StoredEvent, string>();

  constructor(
    private readonly store: RelayStore,
    private readonly metrics: Metrics,
    private readonly heartbeatMs: number,
    private readonly onError: (e: unknown, channelId: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    store.onAppend((channelId, appended) => {
      if (channelId === null) for (const s of this.all) this.wake(s);
      else for (const s of this.byChannel.get(channelId) ?? []) this.wake(s, appended);
    });
    // Each subscriber is visited every heartbeatMs / 4 and gets a heartbeat when it has been
    // silent for 3/4 of heartbeatMs: never more than heartbeatMs without a byte. Small ticks
    // keep each one short (10,000 terminals: ~40 heartbeats a tick).
    const tick = Math.max(10, Math.min(50, heartbeatMs / 8));
    this.sweep = setInterval(() => this.heartbeat(tick), tick);
    this.sweep.unref();
  }

  count(channelId: string) {
    return this.byChannel.get(channelId)?.length ?? 0;
  }

  /** `onLeave` runs once when the stream closes (one listener per stream, no more). */
  add(channelId: string, res: ServerResponse, cursor: string | null, onLeave?: () => void) {
    const s: Subscriber = {
      channelId,
      res,
      cursor,
      lastWrite: this.now(),
      pumping: false,
      again: false,
      pending: null,
      pendingBytes: 0,
      blocked: false,
      caughtUp: false,
      closed: false,
    };
    const list = this.byChannel.get(channelId);
    if (list) list.push(s);
    else this.byChannel.set(channelId, [s]);
    this.all.add(s);
    this.metrics.subscriberDelta(1);
    res.once('close', () => {
      this.remove(s);
      onLeave?.();
    });
    this.pump(s);
  }

  private remove(s: Subscriber) {
    if (s.closed) return;
    s.closed = true;
    s.pending = null;
    const list = this.byChannel.get(s.channelId);
    if (list) {
      list.splice(list.indexOf(s), 1);
      if (!list.length) this.byChannel.delete(s.channelId);
    }
    this.all.delete(s);
    this.metrics.subscriberDelta(-1);
  }

  /** Reads after the subscriber's cursor and writes until caught up or its socket is full. */
  private pump(s: Subscriber) {
    if (s.closed || s.blocked) return;
    if (s.pumping) {
      // Events came that were not handed over: the next read must find them, and what is held
      // from now on starts after this wake (that read begins later, so nothing falls between).
      s.again = true;
      s.pending = [];
      s.pendingBytes = 0;
      return;
    }
    s.pumping = true;
    s.caughtUp = false;
    // Held from the pass's start: every event handed over before was committed before its
    // read was sent, so the read finds it; every one after comes here, in order.
    s.pending = [];
    s.pendingBytes = 0;
    void this.pass(s).finally(() => {
      s.pumping = false;
      // Blocked by the last write of held events: what is held is still whole (for 'drain').
      if (!s.blocked) s.pending = null;
      // A wake between the pass's end and this line was only marked `again`: run it now, or
      // the next event handed over would move the cursor past the one it announced.
      if (s.again) this.pump(s);
    });
  }

  /** A wake for this subscriber; `appended`: the events it names, in order, when at hand. */
  private wake(s: Subscriber, appended?: readonly StoredEvent[]) {
    if (s.closed) return;
    if (s.blocked) {
      // Its 'drain' writes what is held, or reads the store when that is not whole.
      if (!appended || !this.hold(s, appended)) s.pending = null;
    } else if (appended && s.caughtUp && !s.pumping) this.push(s, appended);
    else if (!appended || !s.pumping || !this.hold(s, appended)) this.pump(s);
  }

  /** Adds handed-over events to what is held; false when nothing whole is held or too much. */
  private hold(s: Subscriber, events: readonly StoredEvent[]): boolean {
    if (s.pending === null) return false;
    let bytes = s.pendingBytes;
    for (const e of events) bytes += e.body.length;
    if (s.pending.length + events.length > PENDING_MAX || bytes > PENDING_MAX_BYTES) return false;
    for (const e of events) s.pending.push(e);
    s.pendingBytes = bytes;
    return true;
  }

  /**
   * Writes a caught-up subscriber's new events as the store handed them over, without reading
   * them back: ids at or before its cursor (already read) are skipped, so order and
   * exactly-once-per-stream hold as with a read.
   */
  private push(s: Subscriber, events: readonly StoredEvent[]) {
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (s.closed) return;
      if (!idAfter(e.id, s.cursor)) continue;
      if (!this.send(s, e)) {
        // Its socket is full: the rest is held for 'drain' (live events join it meanwhile).
        s.pending = [];
        s.pendingBytes = 0;
        if (!this.hold(s, events.slice(i + 1))) s.pending = null;
        return;
      }
    }
  }

  /** Writes one event; false when the socket is full (the subscriber then waits for 'drain'). */
  private send(s: Subscriber, e: StoredEvent): boolean {
    let frame = this.frames.get(e);
    if (frame === undefined) this.frames.set(e, (frame = sseFrame(e)));
    s.res.write(frame);
    const full = s.res.writableLength > SOCKET_ALLOWANCE;
    s.cursor = e.id;
    s.lastWrite = this.now();
    this.metrics.deliveredEvent(e.receivedAt, s.lastWrite);
    // Back-pressure: a subscriber that does not read waits in the store, not in memory; its
    // socket's 'drain' starts the next pass.
    if (!full) return true;
    s.blocked = true;
    s.caughtUp = false;
    s.res.once('drain', () => {
      s.blocked = false;
      const held = s.pumping ? null : s.pending;
      s.pending = null;
      if (held === null) return this.pump(s);
      // Everything after its cursor is held: written without a read, as when it was live.
      s.caughtUp = true;
      this.push(s, held);
    });
    return false;
  }

  private async pass(s: Subscriber) {
    try {
      for (;;) {
        s.again = false;
        const batch = await this.store.readAfter(s.channelId, s.cursor, BATCH);
        for (const e of batch) {
          if (s.closed) return;
          if (!this.send(s, e)) {
            // The rest of this batch is in no hold: 'drain' reads the store.
            s.pending = null;
            return;
          }
        }
        if (s.closed) return;
        if (batch.length < BATCH && !s.again) {
          // Caught up with the store as the read saw it; what was handed over since (held) is
          // the rest, in order: written now rather than read back (ids already read are skipped).
          const held = s.pending ?? [];
          s.pending = null;
          s.caughtUp = true;
          this.push(s, held);
          return;
        }
      }
    } catch (e) {
      this.onError(e, s.channelId);
      // The store is unreachable: try this subscriber again shortly (a wake may come first).
      setTimeout(() => this.pump(s), 1000).unref();
    }
  }

  private heartbeat(tickMs: number) {
    const visits = Math.ceil((this.all.size * tickMs * 4) / this.heartbeatMs);
    const now = this.now();
    for (let i = 0; i < visits; i++) {
      let r = this.sweepIt.next();
      if (r.done) {
        this.sweepIt = this.all.values();
        r = this.sweepIt.next();
        if (r.done) return;
      }
      const s = r.value;
      if (!s.closed && !s.blocked && now - s.lastWrite >= (this.heartbeatMs * 3) / 4) {
        s.res.write(': heartbeat\n\n');
        s.lastWrite = now;
      }
    }
  }

  /** Ends every stream (on shutdown). */
  close() {
    clearInterval(this.sweep);
    for (const s of [...this.all]) {
      this.remove(s);
      s.res.end();
    }
  }
}
