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
  /** Its socket is full: nothing more is written until 'drain'. */
  blocked: boolean;
  /** Its last read found nothing more after its cursor, and every wake since was written. */
  caughtUp: boolean;
  closed: boolean;
}

const BATCH = 256;

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

  constructor(
    private readonly store: RelayStore,
    private readonly metrics: Metrics,
    private readonly heartbeatMs: number,
    private readonly onError: (e: unknown, channelId: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    store.onAppend((channelId, appended) => {
      if (channelId === null) for (const s of this.all) this.pump(s);
      else
        for (const s of this.byChannel.get(channelId) ?? [])
          if (appended && s.caughtUp && !s.pumping) this.push(s, appended);
          else this.pump(s);
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
      s.again = true;
      return;
    }
    s.pumping = true;
    s.caughtUp = false;
    void this.pass(s).finally(() => {
      s.pumping = false;
      // A wake between the pass's end and this line was only marked `again`: run it now, or
      // the next event handed over would move the cursor past the one it announced.
      if (s.again) this.pump(s);
    });
  }

  /**
   * Writes a caught-up subscriber's new events as the store handed them over, without reading
   * them back: ids at or before its cursor (already read) are skipped, so order and
   * exactly-once-per-stream hold as with a read.
   */
  private push(s: Subscriber, events: readonly StoredEvent[]) {
    for (const e of events) {
      if (s.closed) return;
      if (!idAfter(e.id, s.cursor)) continue;
      if (!this.send(s, e)) return;
    }
  }

  /** Writes one event; false when the socket is full (the subscriber then waits for 'drain'). */
  private send(s: Subscriber, e: StoredEvent): boolean {
    const full = !s.res.write(sseFrame(e));
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
      this.pump(s);
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
          if (!this.send(s, e)) return;
        }
        if (s.closed) return;
        if (batch.length < BATCH && !s.again) {
          s.caughtUp = true;
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
