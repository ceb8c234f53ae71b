import { randomBytes } from 'node:crypto';
import {
  connect,
  headers as natsHeaders,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type KV,
  type NatsConnection,
} from 'nats';
import { channelSummaries } from './channel-summaries';
import { RateLimiter } from './rate-limit';
import {
  CHANNEL_ID,
  type AppendOutcome,
  type ChannelRecord,
  type RelayStore,
  type StoredEvent,
  type WakeListener,
} from './store';
import { WakeListeners } from './wake-listeners';

export interface NatsStoreOptions {
  /** Copies of every event and of the channel registry (3: one node may be lost). */
  replicas?: number;
  /** Longest wait for the quorum's acknowledgement before a callback is refused (503). */
  ackTimeoutMs?: number;
  /** How often each instance announces itself to the others (default 5 s; the rate's share). */
  presenceMs?: number;
}

const STREAM = 'RELAY_EVENTS';
const SUBJECT = 'relay.ev';
const WAKE = 'relay.wake';
const BUCKET = 'relay_channels';
/** Each instance says it is alive here: the per-channel rate is shared out among those alive. */
const PRESENCE = 'relay.presence';

/**
 * NATS JetStream, the replicated store: one stream, a subject per channel
 * (`relay.ev.<channel>`), replicated by Raft to `replicas` nodes. `append` resolves only with
 * JetStream's publish acknowledgement, which a clustered stream sends once the message is
 * committed by a quorum of its replicas (docs.nats.io, "JetStream Clustering"), so a 200 means a
 * majority holds it; no acknowledgement within `ackTimeoutMs` is a failure (the PSP gets 503
 * and sends it again). Event ids are the stream's sequence numbers: they increase per channel,
 * and any relay instance reads any channel from any id. The channel registry is a replicated
 * KV bucket. Subscribers on other instances are woken by a core NATS message on
 * `relay.wake.<channel>` sent after the acknowledgement (never before: a wake must find the
 * event readable).
 */
export class NatsStore implements RelayStore {
  private readonly ready: Promise<{
    nc: NatsConnection;
    js: JetStreamClient;
    jsm: JetStreamManager;
    kv: KV;
  }>;
  private readonly listeners = new WakeListeners();
  private readonly instance = randomBytes(6).toString('hex');
  /**
   * The per-channel rate, shared among the instances alive: JetStream has no cheap atomic
   * counter (a compare-and-set per callback would be a quorum write each), so each instance
   * keeps the whole bucket but pays N tokens a callback, N counted from the others' presence
   * messages. N instances together never let more than the rate through (traffic spread
   * unevenly gets less), and N changing never refills a bucket.
   */
  private limiter: RateLimiter | null = null;
  private readonly seen = new Map<string, number>();
  private presenceTimer: NodeJS.Timeout | null = null;
  private closing = false;
  private readonly presenceMs: number;

  constructor(servers: string[], o: NatsStoreOptions = {}) {
    const replicas = o.replicas ?? 3;
    const presenceMs = o.presenceMs ?? 5000;
    this.presenceMs = presenceMs;
    const timeout = o.ackTimeoutMs ?? 2000;
    this.ready = (async () => {
      const nc = await connect({
        servers,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 200,
        waitOnFirstConnect: true,
        name: `relay-${this.instance}`,
      });
      // Reads, purges and admin calls may wait out a leader election; callbacks do not (2 s).
      const jsm = await nc.jetstreamManager({ timeout: Math.max(timeout, 5000) });
      const config = {
        name: STREAM,
        subjects: [`${SUBJECT}.>`],
        num_replicas: replicas,
        storage: StorageType.File,
      };
      const js = nc.jetstream({ timeout });
      // A cluster that has just started may not have elected its leaders yet: try for 30 s.
      let kv: KV | null = null;
      for (const end = Date.now() + 30_000; !kv;) {
        try {
          await jsm.streams.add(config).catch((e: unknown) => {
            // Made already by another instance (same config): fine; anything else is not.
            if (!/already in use|exists/i.test(String(e))) throw e;
          });
          // No direct reads: a follower may answer them before it applied the last write
          // (nats.js: "possibility of inconsistency during a read"), and a rotated token
          // must stop working at once.
          const bucket = await js.views.kv(BUCKET, { replicas, history: 1, allow_direct: false });
          // Ready only once both have a leader: the first write after creating them would
          // otherwise meet "no responders" (503) while they elect one.
          await bucket.put('probe.readyz', String(Date.now()));
          const info = await jsm.streams.info(STREAM);
          if (replicas > 1 && !info.cluster?.leader) throw new Error('no stream leader yet');
          kv = bucket;
        } catch (e) {
          if (Date.now() > end) throw e;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      // Presence: announce now and every presenceMs; hear the others (core NATS, not stored).
      const presence = nc.subscribe(PRESENCE);
      void (async () => {
        for await (const m of presence) {
          const who = m.string();
          // `-<id>`: that instance is closing (a restart must not halve the rate for 15 s).
          if (who.startsWith('-')) this.seen.delete(who.slice(1));
          else if (who !== this.instance) this.seen.set(who, Date.now());
        }
      })();
      // Not on a connection closed meanwhile (a relay closed while it was still starting would
      // otherwise throw CONNECTION_CLOSED from this timer, uncaught, every interval).
      const announce = () => {
        if (!this.closing && !nc.isClosed()) nc.publish(PRESENCE, this.instance);
      };
      announce();
      if (!this.closing) {
        this.presenceTimer = setInterval(announce, presenceMs);
        this.presenceTimer.unref();
      }
      const sub = nc.subscribe(`${WAKE}.>`);
      void (async () => {
        for await (const m of sub) {
          if (m.headers?.get('relay-instance') === this.instance) continue;
          const channel = m.subject.slice(WAKE.length + 1);
          this.listeners.wake(channel);
        }
      })();
      // Wakes sent while this connection was away are lost: wake every channel on return.
      void (async () => {
        for await (const s of nc.status()) if (s.type === 'reconnect') this.listeners.wake(null);
      })();
      return { nc, js, jsm, kv };
    })();
    this.ready.catch(() => undefined);
  }

  async createChannel(c: ChannelRecord) {
    const { kv } = await this.ready;
    await kv.create(c.id, JSON.stringify(c));
  }

  async holds(channelId: string, id: string) {
    const seq = Number(id);
    if (!CHANNEL_ID.test(channelId) || !Number.isSafeInteger(seq) || seq < 1) return false;
    const { jsm } = await this.ready;
    const m = await jsm.streams.getMessage(STREAM, { seq }).catch(() => null);
    return m?.subject === `${SUBJECT}.${channelId}`;
  }

  async listChannels() {
    const { kv, jsm } = await this.ready;
    // The keys first: nats.js ends the key listing's consumer by its pending count, and
    // awaiting other calls inside that loop lost keys (seen with the three-node cluster).
    const ids: string[] = [];
    for await (const id of await kv.keys()) if (CHANNEL_ID.test(id)) ids.push(id);
    const channels: ChannelRecord[] = [];
    for (const id of ids) {
      const c = await this.getChannel(id);
      if (c) channels.push(c);
    }
    return channelSummaries(channels, async (id) => {
      // The channel's newest event, if the stream still holds one (purged or never: null).
      const last = await jsm.streams
        .getMessage(STREAM, { last_by_subj: `${SUBJECT}.${id}` })
        .catch(() => null);
      const at = last?.header?.get('relay-received-at');
      return at ? Number(at) : null;
    });
  }

  async getChannel(id: string): Promise<ChannelRecord | null> {
    if (!CHANNEL_ID.test(id)) return null;
    const { kv } = await this.ready;
    const e = await kv.get(id);
    if (!e || e.operation !== 'PUT' || e.value.length === 0) return null;
    return JSON.parse(e.string()) as ChannelRecord;
  }

  async setTokenHash(id: string, tokenHash: string) {
    if (!CHANNEL_ID.test(id)) return false;
    const { kv } = await this.ready;
    const e = await kv.get(id);
    if (!e || e.operation !== 'PUT') return false;
    const c = JSON.parse(e.string()) as ChannelRecord;
    await kv.update(id, JSON.stringify({ ...c, tokenHash }), e.revision);
    return true;
  }

  async deleteChannel(id: string) {
    if (!CHANNEL_ID.test(id)) return false;
    const { kv, jsm } = await this.ready;
    const e = await kv.get(id);
    if (!e || e.operation !== 'PUT') return false;
    await kv.delete(id);
    await jsm.streams.purge(STREAM, { filter: `${SUBJECT}.${id}` });
    return true;
  }

  async append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string> {
    const { js, nc } = await this.ready;
    const h = natsHeaders();
    h.set('relay-received-at', String(e.receivedAt));
    h.set('relay-headers', JSON.stringify(e.headers));
    const ack = await js.publish(`${SUBJECT}.${channelId}`, e.body, {
      headers: h,
      expect: { streamName: STREAM },
    });
    const id = String(ack.seq);
    // A wake without the event: sequence numbers are taken from the stream leader, so another
    // instance may hold an earlier id of this channel not yet announced here; handing this
    // event to a subscriber directly could move its cursor past that one. It reads instead.
    this.listeners.wake(channelId);
    const w = natsHeaders();
    w.set('relay-instance', this.instance);
    nc.publish(`${WAKE}.${channelId}`, undefined, { headers: w });
    return id;
  }

  async appendChecked(
    channelId: string,
    e: Omit<StoredEvent, 'id'>,
    limit: { ratePerSec: number; burst: number },
  ): Promise<AppendOutcome> {
    const channel = await this.getChannel(channelId);
    if (!channel) return { refused: 'unknown_channel' };
    this.limiter ??= new RateLimiter(limit.ratePerSec, limit.burst);
    const cost = this.limiter.shareCost(this.peers());
    if (!this.limiter.take(channel.id, cost)) return { refused: 'rate' };
    try {
      return { id: await this.append(channel.id, e) };
    } catch (err) {
      // Answered 503: not accepted, so not counted (the PSP's retry pays instead).
      this.limiter.refund(channel.id, cost);
      throw err;
    }
  }

  async readAfter(channelId: string, afterId: string | null, limit: number) {
    if (!CHANNEL_ID.test(channelId)) return [];
    const { jsm } = await this.ready;
    const out: StoredEvent[] = [];
    let seq = afterId === null ? 1 : Number(afterId) + 1;
    while (out.length < limit) {
      let m;
      try {
        m = await this.next(jsm, seq, `${SUBJECT}.${channelId}`);
      } catch (e) {
        if (/no message found|404/i.test(String(e))) break;
        throw e;
      }
      out.push({
        id: String(m.seq),
        receivedAt: Number(m.header.get('relay-received-at')),
        headers: JSON.parse(m.header.get('relay-headers') || '{}') as Record<string, string>,
        body: Buffer.from(m.data),
      });
      seq = m.seq + 1;
    }
    return out;
  }

  onAppend(listener: WakeListener) {
    this.listeners.add(listener);
  }

  /** The first message at or after `seq` on `subject` (STREAM.MSG.GET's `next_by_subj`). */
  private next(jsm: JetStreamManager, seq: number, subject: string) {
    // The client's types predate `next_by_subj`; the server (2.9+) takes it.
    return jsm.streams.getMessage(STREAM, { seq, next_by_subj: subject } as never);
  }

  /**
   * Removes the events stored before `receivedAt`: messages are in time order, so the first to
   * keep is found by bisecting the sequence (holes left by deleted channels are skipped by
   * `next_by_subj`), then everything below it is purged in one call.
   */
  async purgeBefore(receivedAt: number) {
    const { jsm } = await this.ready;
    const info = await jsm.streams.info(STREAM);
    let lo = info.state.first_seq;
    let hi = info.state.last_seq + 1; // the first kept is in [lo, hi]
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      let m;
      try {
        m = await this.next(jsm, mid, `${SUBJECT}.>`);
      } catch (e) {
        if (!/no message found|404/i.test(String(e))) throw e;
        hi = mid;
        continue;
      }
      if (Number(m.header.get('relay-received-at')) >= receivedAt) hi = mid;
      else lo = m.seq + 1;
    }
    if (lo <= info.state.first_seq) return 0;
    const r = await jsm.streams.purge(STREAM, { seq: lo });
    return r.purged;
  }

  /** A write the quorum must accept (a key no channel id can take: ids have no dot). */
  async probe() {
    const { kv } = await this.ready;
    await kv.put('probe.readyz', String(Date.now()));
  }

  /** Instances alive: this one and those heard within three presence intervals. */
  private peers(): number {
    const since = Date.now() - 3 * this.presenceMs;
    for (const [who, at] of this.seen) if (at < since) this.seen.delete(who);
    return 1 + this.seen.size;
  }

  async close() {
    this.closing = true;
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    const { nc } = await this.ready.catch(() => ({ nc: null }));
    // The timer may have been set while `ready` was pending: cleared again once it is known.
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    if (!nc || nc.isClosed()) return;
    nc.publish(PRESENCE, `-${this.instance}`);
    await nc.drain().catch(() => undefined);
  }
}
