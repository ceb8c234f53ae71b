import { randomBytes } from 'node:crypto';
import { circuitBreaker, ConsecutiveBreaker, handleWhen, retry } from 'cockatiel';
import {
  Etcd3,
  isRecoverableError,
  type IKeyValue,
  type IRangeRequest,
  type IRangeResponse,
  type IWatchResponse,
  type Lease,
  type Watcher,
} from 'etcd3';
import { callbackIdentity, identityKey } from './callback-identity';
import { channelSummaries } from './channel-summaries';
import { GroupCommit, type GroupCommitLimits } from './etcd-append-batch';
import { CommitOrder } from './etcd-commit-order';
import {
  comparePos,
  formatId,
  indexSuffix,
  keyIndex,
  parseId,
  type EventPos,
} from './etcd-event-id';
import { ReadBatch } from './etcd-read-batch';
import { EventWatch } from './etcd-watch';
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

export interface EtcdStoreOptions {
  /** Longest wait for the cluster's answer to a callback's write before it is refused (503). */
  ackTimeoutMs?: number;
  /** How often each instance renews its presence and counts the others (the rate's share). */
  presenceMs?: number;
  /**
   * How far, in cluster revisions, the revision in an event's key may trail the last event of
   * its channel (below, "Keyed by revision"): a read after a cursor also reads the channel's
   * events of up to this many revisions before it.
   */
  keyWindow?: number;
  /** Group commit (etcd-append-batch.ts): callbacks per transaction, bytes, transactions at once. */
  groupCommit?: Partial<GroupCommitLimits>;
}

/**
 * A callback costs its transaction 2 compares and 2 puts (its event, its dedupe key) and, on
 * failure, 1 range; its channel 2 compares, 1 put and 1 range. 40 callbacks on 40 channels are
 * 120 of each: under etcd's `--max-txn-ops` (128, counted per list: compares, success, failure;
 * docs/etcd-facts.md §9). 1 MiB stays under `--max-request-bytes` (1.5 MiB) with room for keys.
 */
const GROUP_COMMIT: GroupCommitLimits = { maxItems: 40, maxBytes: 1024 * 1024, maxInFlight: 4 };

/** A callback waiting for its group commit. */
interface PendingAppend {
  channelId: string;
  event: Omit<StoredEvent, 'id'>;
  value: Buffer;
  dedupe: Buffer;
}

const CHANNEL = 'relay/ch/';
const EVENT = 'relay/ev/';
const PRESENCE = 'relay/presence/';
/** `relay/dd/<channel>/<sha256 of the callback's identity>`: what a channel holds already (below). */
const DEDUPE = 'relay/dd/';
/** How long a body is remembered: a PSP's retries of one callback come within this. */
const DEDUPE_TTL_S = 25 * 3600;
const PROBE = 'relay/probe';
/** What a callback's channel costs a transaction in bytes at most (its keys): for the limit. */
const CHANNEL_KEY_BYTES = 220;
/** `relay/hd/<channel>`: rewritten by every event, its mod revision is the channel's last. */
const HEAD = 'relay/hd/';
/** Reads, purges and admin calls may wait out a leader election; callbacks do not. */
const SLOW_MS = 5000;
/** The attempts of a terminal's read, each its longest wait (read() below). */
const READ_MS = [750, 1500, 3000];
/**
 * The keys the first page of a read after a cursor asks for: small, so that a burst of
 * terminals' reads fits many to a batch (etcd-read-batch.ts); one with more to read reads on
 * in full pages.
 */
const FIRST_PAGE = 32;

const key = (s: string) => Buffer.from(s);
/**
 * 12 random hex digits for an event's key, from a pool drawn 6 KiB at a time: one draw per
 * callback was 2 % of the relay's CPU at 1,000/s (bench/relay-etcd-timeline.ts, --cpu-prof).
 */
let pool = Buffer.alloc(0);
let poolAt = 0;
function random12(): string {
  if (poolAt + 6 > pool.length) {
    pool = randomBytes(6 * 1024);
    poolAt = 0;
  }
  poolAt += 6;
  return pool.toString('hex', poolAt - 6, poolAt);
}
const toError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));
/** gRPC had no connection to the member: the request was never sent. */
const notSent = (e: Error) => /No connection established/i.test(e.message);
/** The first key after every key that starts with `prefix` (etcd's range end for a prefix). */
function prefixEnd(prefix: string): Buffer {
  const b = Buffer.from(prefix);
  b[b.length - 1] = b[b.length - 1]! + 1; // our prefixes end in '/', never 0xff
  return b;
}
const events = (channelId: string) => `${EVENT}${channelId}/`;
const dedupes = (channelId: string) => `${DEDUPE}${channelId}/`;
/** Zero-padded so that a channel's keys sort by time: a purge is one range delete. */
const timeKey = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(15, '0');
/**
 * Keyed by revision: an event is `<channel>/r<K>-<received-ms>-<random>`, K (20 digits) a cluster
 * revision its instance had seen. Keys written before were `<channel>/<received-ms>-<random>`
 * ("legacy": they sort before every `r` key and are read as before until retention removes them).
 */
const REV = 'r';
const revKey = (k: bigint) => REV + String(k < 0n ? 0n : k).padStart(20, '0');
const keyRevision = (suffix: string) => BigInt(suffix.slice(1, 21));
/** The receipt time in an event key's part after `<channel>/`, either layout. */
const keyTime = (suffix: string) =>
  Number(suffix.startsWith(REV) ? suffix.slice(22, 37) : suffix.slice(0, 15));
/** An event key's place in the channel: its transaction's revision, then its place there. */
const posOf = (kv: IKeyValue): EventPos => ({
  rev: BigInt(kv.mod_revision),
  index: keyIndex(kv.key.toString()),
});
/** Keys in event order (decorated once: a key's text is read once, not per comparison). */
function inEventOrder(kvs: IKeyValue[]): Array<{ kv: IKeyValue; pos: EventPos }> {
  return kvs.map((kv) => ({ kv, pos: posOf(kv) })).sort((a, b) => comparePos(a.pos, b.pos));
}

/** An event's value: its receipt time and headers as one JSON line, then the body's bytes. */
function encode(e: Omit<StoredEvent, 'id'>): Buffer {
  return Buffer.concat([
    Buffer.from(JSON.stringify({ r: e.receivedAt, h: e.headers }) + '\n'),
    e.body,
  ]);
}
function decode(kv: IKeyValue): StoredEvent {
  const v = kv.value;
  const nl = v.indexOf(10);
  const head = JSON.parse(v.subarray(0, nl).toString()) as { r: number; h: Record<string, string> };
  return {
    id: formatId(kv.mod_revision, keyIndex(kv.key.toString())),
    receivedAt: head.r,
    headers: head.h,
    body: Buffer.from(v.subarray(nl + 1)),
  };
}

/**
 * etcd, the replicated store: every write goes through Raft and is answered once a majority of
 * the members has it in its fsynced log and the leader applied it, so a 200 means a quorum holds
 * the callback on disk. An event is a key `relay/ev/<channel>/r<K>-<received-ms>-<random>[.<place>]`;
 * its id is the key's mod revision, which etcd takes from one cluster-wide counter at commit,
 * then its place in its transaction (etcd-event-id.ts): ids increase per channel in commit
 * order, readable from any member. The callbacks of one turn are one transaction (group commit,
 * etcd-append-batch.ts) that checks their channel keys and writes their events, so one racing
 * its channel's deletion leaves nothing behind. One watch per instance on `relay/ev/` (ordered and without gaps, from a known
 * revision) wakes this instance's subscribers for commits made by any instance.
 */
export class EtcdStore implements RelayStore {
  private readonly client: Etcd3;
  private readonly ready: Promise<void>;
  private readonly listeners = new WakeListeners();
  private readonly instance = randomBytes(6).toString('hex');
  private readonly ackTimeoutMs: number;
  private readonly presenceMs: number;
  private readonly keyWindow: bigint;
  /** The highest cluster revision this instance has seen (responses, its watch): K above. */
  private seen = 0n;
  /** Keys etcd counted in the ranges of reads after a cursor (its own `count`): their cost. */
  readKeysCounted = 0;
  /** Terminals' reads, one transaction per event-loop turn (etcd-read-batch.ts). */
  private readonly batch = new ReadBatch((reqs) => this.rangesAtOnce(reqs));
  /** Callbacks sent in a second transaction after their group's compare failed (for tests). */
  appendRetries = 0;
  /** Channels this instance stored a callback for: their callbacks group apart (commitAppends). */
  private readonly knownChannels = new Set<string>();
  /** Callbacks, one transaction per group (etcd-append-batch.ts). */
  private readonly appends: GroupCommit<PendingAppend, AppendOutcome>;
  /** The watch on `relay/ev/` that wakes this instance's subscribers (etcd-watch.ts). */
  private watch: EventWatch | null = null;
  /** Which committed events go to the subscribers on etcd's answer (etcd-commit-order.ts). */
  private order: CommitOrder | null = null;
  private peerWatch: Watcher | null = null;
  private closed = false;
  /**
   * The per-channel rate, shared among the instances alive as on NATS (nats-store.ts): each
   * instance keeps the whole bucket and pays N tokens a callback, N the presence keys (on a
   * lease, so an instance that dies drops out when its lease ends) counted every presenceMs.
   */
  private limiter: RateLimiter | null = null;
  private peers = 1;
  private lease: Lease | null = null;
  private renewing = false;
  private presenceTimer: NodeJS.Timeout | null = null;
  /** The lease the dedupe keys of this hour are written on (they expire with it). */
  private dedupeLease: Promise<string> | null = null;
  private dedupeLeaseAt = 0;
  /** The revision at the last purge: the next one compacts the history up to it. */
  private purgedAt: string | null = null;

  constructor(
    private readonly hosts: string[],
    o: EtcdStoreOptions = {},
  ) {
    this.ackTimeoutMs = o.ackTimeoutMs ?? 2000;
    this.presenceMs = o.presenceMs ?? 5000;
    this.keyWindow = BigInt(o.keyWindow ?? 1000);
    // One callback a transaction: each goes at once, as before group commit (nothing to gather).
    const single = o.groupCommit?.maxItems === 1 ? { maxInFlight: Infinity } : {};
    this.appends = new GroupCommit((items) => this.commitAppends(items), {
      ...GROUP_COMMIT,
      ...single,
      ...o.groupCommit,
    });
    this.client = this.newClient();
    this.ready = this.start();
    this.ready.catch(() => undefined);
  }

  private newClient(hosts = this.hosts) {
    return new Etcd3({
      hosts,
      grpcOptions: {
        // A read of 256 events of up to 64 KiB, or a watch catching up 1,000 revisions, is
        // above gRPC's default 4 MiB: refused for ever, the subscriber would never move on.
        'grpc.max_receive_message_length': 256 * 1024 * 1024,
        // A member gone without a word (its machine lost) is noticed without waiting for TCP.
        // Inside etcd's policy: it allows a ping every --grpc-keepalive-min-time (5 s by
        // default) and only while a stream is open (embed/etcd.go, serveClients:
        // PermitWithoutStream false); a 5 s ping with calls or none was refused there with
        // "too many pings". A stalled watch is found by its progress requests (etcd-watch.ts).
        'grpc.keepalive_time_ms': 10_000,
        'grpc.keepalive_timeout_ms': 3000,
        'grpc.keepalive_permit_without_calls': 0,
      },
      faultHandling: {
        // No silent retry of a request that may have reached etcd (a lost answer would store a
        // channel twice; a callback's write is idempotent, but the PSP retries those anyway).
        // One that never left this process (no connection to that member: it is down) goes to
        // another member at once: without this, each probe of a dead member cost a 503.
        global: retry(handleWhen(notSent), { maxAttempts: 2 }),
        // A member that keeps failing is passed over for 1 s (the client's default is 5 s).
        host: () =>
          circuitBreaker(handleWhen(isRecoverableError), {
            halfOpenAfter: 1000,
            breaker: new ConsecutiveBreaker(3),
          }),
      },
    });
  }

  private deadline(ms = SLOW_MS) {
    return { deadline: Date.now() + ms };
  }

  /**
   * A read a terminal waits on (its stream's events, its token): a short wait on one member,
   * then longer ones on others (each call picks a member afresh; a read changes nothing, so a
   * retry is safe). A paused or silent member would otherwise hold a resuming terminal for the
   * whole SLOW_MS; a large read still gets its time on the later attempts.
   */
  private async read(req: IRangeRequest): Promise<IRangeResponse> {
    const [r] = await this.batch.read([req]);
    return r!;
  }

  /** The read-only transactions the terminals' reads were sent in: their round trips. */
  get readCalls() {
    return this.batch.calls;
  }

  /** `ready`, but a caller waits `ms` at most (a cluster down at start is a 503, not a hang). */
  private async isReady(ms = SLOW_MS) {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.ready,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('etcd: not reachable yet')), ms);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Waits until the cluster takes a write (as long as it takes: a relay may start before its
   * cluster), then watches from that revision. Presence is best effort: the rate's share is
   * only a little generous until the next renewal.
   */
  private async start() {
    let revision: string | null = null;
    for (let wait = 250; revision === null; wait = Math.min(2000, wait * 2)) {
      if (this.closed) throw new Error('closed');
      revision = await this.probeWrite().catch(() => null);
      if (revision === null) await new Promise((r) => setTimeout(r, wait));
    }
    if (this.closed) throw new Error('closed');
    this.watch = new EventWatch({
      hosts: this.hosts,
      key: key(EVENT),
      rangeEnd: prefixEnd(EVENT),
      clientFor: (host) => this.newClient([host]),
      quorumRevision: async () =>
        BigInt(
          (await this.client.kv.range({ key: key(PROBE) }, this.deadline(1000))).header.revision,
        ),
      onEvents: (res) => {
        this.see(res.header.revision);
        // A value the relay did not write (it cannot decode it) must not end the process: the
        // subscribers read instead.
        try {
          this.handOver(res);
        } catch {
          this.listeners.wake(null);
        }
      },
      onLost: () => this.listeners.wake(null),
    });
    this.see(revision);
    this.order = new CommitOrder(BigInt(revision), (c, evs) => this.listeners.wake(c, evs));
    this.watch.start(BigInt(revision) + 1n);
    // The others' arrivals and goodbyes are counted at once, not only at the next renewal.
    void this.watchPeers();
    await this.renewPresence().catch(() => undefined);
    this.presenceTimer = setInterval(
      () => void this.renewPresence().catch(() => undefined),
      this.presenceMs,
    );
    this.presenceTimer.unref();
  }

  private async watchPeers() {
    while (!this.closed && !this.peerWatch) {
      try {
        const w = await this.client.watch().prefix(PRESENCE).create();
        w.on('data', () => void this.countPeers().catch(() => undefined));
        w.on('error', () => {
          if (this.peerWatch !== w) return;
          this.peerWatch = null;
          void this.watchPeers();
        });
        this.peerWatch = w;
      } catch {
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /**
   * Wakes each channel once per watch response with its events in id order. A group commit's
   * events of several channels interleave within one revision; etcd sends a revision's events
   * in the order of the transaction's puts ([CODE] each put takes the next sub-revision), but a
   * subscriber skips an id that is not after its cursor, so the order is made sure of here.
   */
  private handOver(res: IWatchResponse) {
    const byChannel = new Map<string, IKeyValue[]>();
    let last = 0n;
    for (const ev of res.events) {
      const rev = BigInt(ev.kv.mod_revision);
      if (rev > last) last = rev;
      if (ev.type !== 'Put') continue;
      const k = ev.kv.key.toString();
      const c = k.slice(EVENT.length, k.indexOf('/', EVENT.length));
      // Handed over on etcd's answer already (commitGroup): not again.
      if (this.order?.handedEarly(c, rev)) continue;
      const list = byChannel.get(c);
      if (list) list.push(ev.kv);
      else byChannel.set(c, [ev.kv]);
    }
    try {
      for (const [c, kvs] of byChannel)
        this.listeners.wake(
          c,
          inEventOrder(kvs).map((x) => decode(x.kv)),
        );
    } finally {
      this.order?.watchReached(last);
    }
  }

  /**
   * A transaction's events, handed over on etcd's answer where their channel's order allows
   * (etcd-commit-order.ts): `prevHeads[j]` is the mod revision channel j's head had before it
   * (the put's `prev_kv`), so the events before these are known, and known handed over or not.
   */
  private handOverOnCommit(
    rev: bigint,
    its: PendingAppend[],
    channels: string[],
    prevHeads: Array<IKeyValue | undefined>,
  ) {
    if (!this.order) return;
    channels.forEach((c, j) => {
      const head = prevHeads[j];
      const events: StoredEvent[] = [];
      its.forEach((it, at) => {
        if (it.channelId === c) events.push({ id: formatId(rev, at), ...it.event });
      });
      this.order!.committed(c, rev, head ? BigInt(head.mod_revision) : null, events);
    });
  }

  private see(revision: string) {
    const r = BigInt(revision);
    if (r > this.seen) this.seen = r;
  }

  private async renewPresence() {
    // One renewal at a time: a put waiting out an election must not grant a second lease.
    if (this.renewing || this.closed) return;
    this.renewing = true;
    try {
      if (!this.lease || this.lease.revoked()) {
        const lease = this.client.lease(Math.ceil((3 * this.presenceMs) / 1000), {
          autoKeepAlive: true,
        });
        lease.on('lost', () => {
          if (this.lease === lease) this.lease = null;
        });
        try {
          await lease
            .put(PRESENCE + this.instance)
            .value('1')
            .options(this.deadline());
        } catch (e) {
          // Not kept alive for nothing (nothing else refers to it).
          void lease.revoke(this.deadline()).catch(() => undefined);
          throw e;
        }
        this.lease = lease;
      }
      await this.countPeers();
    } finally {
      this.renewing = false;
    }
  }

  private async countPeers() {
    const r = await this.client.kv.range(
      { key: key(PRESENCE), range_end: prefixEnd(PRESENCE), count_only: true },
      this.deadline(),
    );
    this.peers = Math.max(1, Number(r.count));
  }

  private async probeWrite(ms = SLOW_MS): Promise<string> {
    const r = await this.client.kv.put(
      { key: key(PROBE), value: key(String(Date.now())) },
      this.deadline(ms),
    );
    return r.header.revision;
  }

  async createChannel(c: ChannelRecord) {
    await this.isReady();
    const k = key(CHANNEL + c.id);
    const r = await this.client.kv.txn(
      {
        compare: [{ key: k, target: 'Version', result: 'Equal', version: 0 }],
        success: [{ request_put: { key: k, value: key(JSON.stringify(c)) } }],
      },
      this.deadline(),
    );
    if (!r.succeeded) throw new Error(`channel ${c.id} exists`);
  }

  private async channelKv(id: string): Promise<IKeyValue | null> {
    if (!CHANNEL_ID.test(id)) return null;
    await this.isReady();
    const r = await this.read({ key: key(CHANNEL + id) });
    return r.kvs[0] ?? null;
  }

  async getChannel(id: string): Promise<ChannelRecord | null> {
    const kv = await this.channelKv(id);
    return kv ? (JSON.parse(kv.value.toString()) as ChannelRecord) : null;
  }

  async listChannels() {
    await this.isReady();
    const r = await this.client.kv.range(
      { key: key(CHANNEL), range_end: prefixEnd(CHANNEL) },
      this.deadline(),
    );
    const channels = r.kvs.map((kv) => JSON.parse(kv.value.toString()) as ChannelRecord);
    return channelSummaries(channels, async (id) => {
      // The newest key of the channel: keys sort by receipt time.
      const last = await this.client.kv.range(
        {
          key: key(events(id)),
          range_end: prefixEnd(events(id)),
          sort_target: 'Key',
          sort_order: 'Descend',
          limit: 1,
          keys_only: true,
        },
        this.deadline(),
      );
      const k = last.kvs[0]?.key.toString();
      return k ? keyTime(k.slice(events(id).length)) : null;
    });
  }

  async setTokenHash(id: string, tokenHash: string) {
    // Compare-and-set on the record's revision; a concurrent change makes it read again.
    for (let tries = 0; tries < 5; tries++) {
      const kv = await this.channelKv(id);
      if (!kv) return false;
      const c = JSON.parse(kv.value.toString()) as ChannelRecord;
      const r = await this.client.kv.txn(
        {
          compare: [{ key: kv.key, target: 'Mod', result: 'Equal', mod_revision: kv.mod_revision }],
          success: [
            { request_put: { key: kv.key, value: key(JSON.stringify({ ...c, tokenHash })) } },
          ],
        },
        this.deadline(),
      );
      if (r.succeeded) return true;
    }
    throw new Error(`channel ${id} changed while its token was being set`);
  }

  async deleteChannel(id: string) {
    if (!CHANNEL_ID.test(id)) return false;
    this.knownChannels.delete(id);
    await this.isReady();
    const k = key(CHANNEL + id);
    const r = await this.client.kv.txn(
      {
        compare: [{ key: k, target: 'Version', result: 'Greater', version: 0 }],
        success: [
          { request_delete_range: { key: k } },
          { request_delete_range: { key: key(events(id)), range_end: prefixEnd(events(id)) } },
          { request_delete_range: { key: key(dedupes(id)), range_end: prefixEnd(dedupes(id)) } },
          { request_delete_range: { key: key(HEAD + id) } },
        ],
      },
      this.deadline(),
    );
    return r.succeeded;
  }

  /** Channels' events of a transaction handed over on etcd's answer (etcd-commit-order.ts). */
  get handedOnCommit() {
    return this.order?.handedOnCommit ?? 0;
  }

  /** The transactions the callbacks were committed in (group commit: fewer than callbacks). */
  get appendCalls() {
    return this.appends.commits;
  }

  /** An event's put; `index`: its place among its transaction's events (etcd-event-id.ts). */
  private eventPut(channelId: string, value: Buffer, receivedAt: number, k: bigint, index = 0) {
    const name = `${events(channelId)}${revKey(k)}-${timeKey(receivedAt)}-${random12()}${indexSuffix(index)}`;
    return { request_put: { key: key(name), value } };
  }

  /**
   * What keeps a channel's keys in revision order, within keyWindow: the event's key carries K,
   * the highest revision this instance has seen, and its transaction requires the channel's
   * head (rewritten by each event, so its mod revision is the channel's last event's) to be
   * below K + keyWindow. So every event's K is above the revision of each event committed before
   * it minus keyWindow, and the events after cursor C all sort at or after `r<C - keyWindow>`.
   * An instance that saw too little learns the revision from the refusal and tries again.
   */
  private headCheck(channelId: string, k: bigint) {
    return {
      key: key(HEAD + channelId),
      target: 'Mod' as const,
      result: 'Less' as const,
      mod_revision: String(k + this.keyWindow),
    };
  }

  async append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string> {
    await this.isReady();
    for (let tries = 0; ; tries++) {
      const k = this.seen;
      const r = await this.client.kv.txn(
        {
          compare: [this.headCheck(channelId, k)],
          success: [
            this.eventPut(channelId, encode(e), e.receivedAt, k),
            { request_put: { key: key(HEAD + channelId), value: Buffer.alloc(0) } },
          ],
        },
        this.deadline(this.ackTimeoutMs),
      );
      this.see(r.header.revision);
      if (r.succeeded) return r.header.revision;
      if (tries >= 2) throw new Error('etcd: the channel head kept moving');
    }
  }

  /**
   * A callback, committed with the others of its group (etcd-append-batch.ts) in one
   * transaction, idempotent: its channel must exist and its event must not be held already. A
   * write can commit and still fail at the relay (a member's connection cut after the quorum had
   * it, a relay killed before its 200): the 503 makes the PSP send it again, often with a new
   * timestamp and signature, and without this the callback would be stored twice (seen in the
   * failover run). The event is named by what the PSP names it by (callback-identity.ts), not by
   * the body's bytes; one already held is answered 200 with its first id, as a retry of it. It is
   * answered only once its transaction committed; a transaction refused or unanswered is a 503
   * for each of its callbacks, and etcd applies a transaction whole or not at all.
   */
  async appendChecked(
    channelId: string,
    e: Omit<StoredEvent, 'id'>,
    limit: { ratePerSec: number; burst: number },
  ): Promise<AppendOutcome> {
    if (!CHANNEL_ID.test(channelId)) return { refused: 'unknown_channel' };
    await this.isReady(this.ackTimeoutMs);
    this.limiter ??= new RateLimiter(limit.ratePerSec, limit.burst);
    const cost = this.limiter.shareCost(this.peers);
    if (!this.limiter.take(channelId, cost)) return { refused: 'rate' };
    const dedupe = key(dedupes(channelId) + identityKey(callbackIdentity(e.headers, e.body)));
    const value = encode(e);
    const bytes = value.length + 2 * dedupe.length + 2 * CHANNEL_KEY_BYTES;
    const out = await this.appends
      .add({ channelId, event: e, value, dedupe }, bytes)
      .catch((err: unknown) => {
        // Answered 503: not accepted, so not counted (the PSP's retry pays instead).
        this.limiter?.refund(channelId, cost);
        throw err;
      });
    // No bucket is kept for an id that is no channel: made-up ids grow nothing.
    if ('refused' in out) this.limiter.forget(channelId);
    return out;
  }

  /**
   * One group's transaction: every channel must exist and have its head within keyWindow of K,
   * and no callback's dedupe key may exist; then each event is put with its place in the
   * transaction (its id: the revision, then that place) and its dedupe key records that place.
   * When a compare fails, nothing is written and the failure branch tells which: callbacks of a
   * missing channel are refused, those held already get their first id, the rest go again (a
   * head too far ahead: this instance now knows a later revision). A copy of a callback in the
   * same group (etcd refuses two puts of one key in a transaction) gets the first one's outcome.
   */
  private async commitAppends(items: PendingAppend[]): Promise<Array<AppendOutcome | Error>> {
    // Callbacks of channels this instance has stored for go apart from the others: a made-up
    // channel id fails its transaction's compare, and its group goes again; it must not cost
    // the real channels' callbacks that second round trip.
    const lanes = [
      items.filter((it) => this.knownChannels.has(it.channelId)),
      items.filter((it) => !this.knownChannels.has(it.channelId)),
    ].filter((l) => l.length > 0);
    const answers = await Promise.all(
      lanes.map((l) => this.commitGroup(l).catch((e: unknown) => l.map(() => toError(e)))),
    );
    const byItem = new Map<PendingAppend, AppendOutcome | Error>();
    lanes.forEach((l, k) => l.forEach((it, i) => byItem.set(it, answers[k]![i]!)));
    return items.map((it) => {
      const r = byItem.get(it)!;
      if (!(r instanceof Error) && 'id' in r) this.knowChannel(it.channelId);
      return r;
    });
  }

  /** Remembers a channel that exists (bounded: forgotten all at once past 100,000). */
  private knowChannel(id: string) {
    if (this.knownChannels.size >= 100_000) this.knownChannels.clear();
    this.knownChannels.add(id);
  }

  private async commitGroup(items: PendingAppend[]): Promise<Array<AppendOutcome | Error>> {
    const lease = await this.leaseForDedupe();
    const out: Array<AppendOutcome | Error | undefined> = [];
    const firstOf = new Map<string, number>();
    const copyOf = items.map((it, i) => {
      const d = it.dedupe.toString('latin1');
      const first = firstOf.get(d);
      if (first === undefined) firstOf.set(d, i);
      return first ?? i;
    });
    let open = items.map((_, i) => i).filter((i) => copyOf[i] === i);
    for (let tries = 0; open.length > 0; tries++) {
      if (tries > 2) {
        for (const i of open) out[i] = new Error('etcd: the channel head kept moving');
        break;
      }
      const k = this.seen;
      const its = open.map((i) => items[i]!);
      const channels = [...new Set(its.map((it) => it.channelId))];
      const r = await this.client.kv
        .txn(
          {
            compare: [
              ...channels.flatMap((c) => [
                {
                  key: key(CHANNEL + c),
                  target: 'Version' as const,
                  result: 'Greater' as const,
                  version: 0,
                },
                this.headCheck(c, k),
              ]),
              ...its.map((it) => ({
                key: it.dedupe,
                target: 'Create' as const,
                result: 'Equal' as const,
                create_revision: 0,
              })),
            ],
            success: [
              ...its.map((it, at) =>
                this.eventPut(it.channelId, it.value, it.event.receivedAt, k, at),
              ),
              ...its.map((it, at) => ({
                request_put: { key: it.dedupe, lease, value: key(at > 0 ? String(at) : '') },
              })),
              // prev_kv: the channel's previous event's revision, for handOverOnCommit.
              ...channels.map((c) => ({
                request_put: { key: key(HEAD + c), value: Buffer.alloc(0), prev_kv: true },
              })),
            ],
            failure: [
              ...channels.map((c) => ({
                request_range: { key: key(CHANNEL + c), keys_only: true },
              })),
              ...its.map((it) => ({ request_range: { key: it.dedupe } })),
            ],
          },
          this.deadline(this.ackTimeoutMs),
        )
        .catch((err: unknown) => {
          // The lease ended early (a cluster restored from a backup): a new one next time.
          if (/lease not found/i.test(String(err))) this.dedupeLease = null;
          throw err;
        });
      this.see(r.header.revision);
      if (r.succeeded) {
        open.forEach((i, at) => (out[i] = { id: formatId(r.header.revision, at) }));
        const heads = r.responses.slice(2 * its.length).map((x) => x.response_put.prev_kv);
        this.handOverOnCommit(BigInt(r.header.revision), its, channels, heads);
        break;
      }
      const ranges = r.responses.map((x) => x.response_range);
      const exists = new Set(channels.filter((_, j) => ranges[j]!.kvs.length > 0));
      open = open.filter((i, j) => {
        const held = ranges[channels.length + j]!.kvs[0];
        if (!exists.has(items[i]!.channelId)) out[i] = { refused: 'unknown_channel' };
        // Held already: its dedupe key was written in its event's transaction, with its place.
        else if (held)
          out[i] = { id: formatId(held.mod_revision, Number(held.value.toString() || 0)) };
        else return true;
        return false;
      });
      if (open.length > 0) this.appendRetries += open.length;
    }
    return items.map((_, i) => out[copyOf[i]!]!);
  }

  /** A lease of DEDUPE_TTL_S, a new one every hour: each dedupe key lives 24 to 25 hours. */
  private leaseForDedupe(): Promise<string> {
    if (!this.dedupeLease || Date.now() - this.dedupeLeaseAt > 3_600_000) {
      this.dedupeLeaseAt = Date.now();
      const grant = this.client.leaseClient
        .leaseGrant({ TTL: DEDUPE_TTL_S }, this.deadline(this.ackTimeoutMs))
        .then((g) => g.ID);
      grant.catch(() => {
        if (this.dedupeLease === grant) this.dedupeLease = null;
      });
      this.dedupeLease = grant;
    }
    return this.dedupeLease;
  }

  /** Ranges read together at one revision, in the batch of this event-loop turn. */
  private readTogether(reqs: IRangeRequest[]): Promise<IRangeResponse[]> {
    return this.batch.read(reqs);
  }

  /**
   * One read-only transaction: its ranges at one revision, one round trip. etcd serves it as a
   * linearizable read (read index), not through the Raft log (etcd-io/etcd ea0c657, "use
   * linearizableReadNotify for txn"; etcdserver/v3_server.go `Txn`, `isTxnReadonly`).
   */
  private async rangesAtOnce(reqs: IRangeRequest[]): Promise<IRangeResponse[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await this.client.kv.txn(
          { success: reqs.map((request_range) => ({ request_range })) },
          this.deadline(READ_MS[attempt]),
        );
        this.see(r.header.revision);
        return r.responses.map((x) => x.response_range);
      } catch (e) {
        if (attempt + 1 >= READ_MS.length) throw e;
      }
    }
  }

  /** A legacy key's range (sorted before every `r` key), one key at most: whether any is left. */
  private legacyProbe(channelId: string): IRangeRequest {
    return {
      key: key(events(channelId)),
      range_end: key(events(channelId) + REV),
      keys_only: true,
      limit: 1,
    };
  }

  /**
   * The events after `afterId`, in id order, in one round trip: the keys whose K lies in the
   * keyWindow revisions up to the cursor, filtered by etcd (a bounded range: the few there that
   * are after the cursor come back), and the keys with K above the cursor, whose revisions are
   * too, as a plain range with a limit, which etcd 3.4.23 applies (it ignores one with a filter or
   * a sort: docs/etcd-facts.md §5). It reads on until the last key's K reaches the revision of the
   * `limit`-th event found: each event's K is below its own revision, so none before it is left.
   * The cost: the events after the cursor plus the channel's keys among the keyWindow revisions
   * before it, not the channel's whole history. A channel that still holds legacy keys is read
   * as before (revision filter and sort).
   */
  async readAfter(channelId: string, afterId: string | null, limit: number) {
    if (!CHANNEL_ID.test(channelId)) return [];
    await this.isReady();
    // An id that is no etcd id (another store's, after a gap event): from the start.
    const after = parseId(afterId);
    const ev = events(channelId);
    const end = prefixEnd(ev);
    const page = (from: Buffer, first = false): IRangeRequest => ({
      key: from,
      range_end: end,
      limit: first ? Math.min(FIRST_PAGE, limit + 64) : limit + 64,
    });
    // Keys with K up to the cursor: a bounded range, filtered by etcd (only those of the
    // cursor's revision and after come back: the cursor's transaction-mates and the few whose
    // instance had not seen the cursor yet); those after it (K > cursor, so their revision is
    // too): a plain range with a limit.
    const reqs = [this.legacyProbe(channelId)];
    if (after !== null)
      reqs.push({
        key: key(ev + revKey(after.rev - this.keyWindow)),
        range_end: key(ev + revKey(after.rev + 1n)),
        min_mod_revision: String(after.rev),
      });
    let from = key(ev + (after === null ? REV : revKey(after.rev + 1n)));
    reqs.push(page(from, true));
    const res = await this.readTogether(reqs);
    if (res[0]!.kvs.length > 0) return this.readAfterLegacy(channelId, after, limit);
    const found: IKeyValue[] = [];
    if (after !== null) {
      const near = res[1]!;
      this.readKeysCounted += Number(near.count);
      found.push(...near.kvs);
      // The cursor's transaction-mates share its K, so they came with it when it is in the
      // window. When it is not (its instance had seen too little, or the cursor is no event of
      // this channel: a gap, a forged id), they are read by revision over the whole channel.
      const rev = String(after.rev);
      if (!near.kvs.some((kv) => kv.mod_revision === rev)) {
        const same = await this.read({
          key: key(ev),
          range_end: end,
          min_mod_revision: rev,
          max_mod_revision: rev,
        });
        this.readKeysCounted += Number(same.count);
        found.push(...same.kvs);
      }
    }
    let sorted = inEventOrder(found).filter((x) => after === null || comparePos(x.pos, after) > 0);
    for (let r = res[res.length - 1]!; ;) {
      this.readKeysCounted += Number(r.count);
      sorted = inEventOrder([...sorted.map((x) => x.kv), ...r.kvs]);
      const last = r.kvs[r.kvs.length - 1];
      if (!r.more || !last) break;
      // Every key not read yet has K at or above lastK, so a revision above it: after them all.
      const lastK = keyRevision(last.key.toString().slice(ev.length));
      if (sorted.length >= limit && lastK >= sorted[limit - 1]!.pos.rev) break;
      from = Buffer.concat([last.key, Buffer.from([0])]);
      r = await this.read(page(from));
    }
    return sorted.slice(0, limit).map((x) => decode(x.kv));
  }

  /**
   * The read before keys carried a revision: the channel's whole retained history, filtered
   * from the cursor's revision (its transaction-mates after it are at that revision too) and
   * sorted by etcd, then by place within a revision here. etcd's limit may cut a revision's
   * events apart: when it did, that last revision is left for the next read.
   */
  private async readAfterLegacy(channelId: string, after: EventPos | null, limit: number) {
    const r = await this.read({
      key: key(events(channelId)),
      range_end: prefixEnd(events(channelId)),
      min_mod_revision: after === null ? 0 : String(after.rev),
      sort_target: 'Mod',
      sort_order: 'Ascend',
      limit: limit + GROUP_COMMIT.maxItems,
    });
    this.readKeysCounted += Number(r.count);
    let kvs = r.kvs;
    const lastRev = kvs[kvs.length - 1]?.mod_revision;
    if (r.more && kvs.some((kv) => kv.mod_revision !== lastRev))
      kvs = kvs.filter((kv) => kv.mod_revision !== lastRev);
    return inEventOrder(kvs)
      .filter((x) => after === null || comparePos(x.pos, after) > 0)
      .slice(0, limit)
      .map((x) => decode(x.kv));
  }

  /**
   * Whether the event `id` is still held: looked for first among the keys of the keyWindow
   * revisions before it (where its instance's K puts it unless that instance saw little), then,
   * not found there (purged, never this channel's, or a legacy key), in the whole channel.
   */
  async holds(channelId: string, id: string) {
    const pos = parseId(id);
    if (!CHANNEL_ID.test(channelId) || !pos) return false;
    await this.isReady();
    const rev = String(pos.rev);
    const isIt = (kv: IKeyValue) =>
      kv.mod_revision === rev && keyIndex(kv.key.toString()) === pos.index;
    const [near] = await this.readTogether([
      {
        key: key(events(channelId) + revKey(pos.rev - this.keyWindow)),
        range_end: key(events(channelId) + revKey(pos.rev)),
        keys_only: true,
      },
    ]);
    if (near!.kvs.some(isIt)) return true;
    const r = await this.read({
      key: key(events(channelId)),
      range_end: prefixEnd(events(channelId)),
      min_mod_revision: rev,
      max_mod_revision: rev,
      // Not count_only: etcd counts the whole range before the revision filters apply.
      keys_only: true,
    });
    return r.kvs.some(isIt);
  }

  onAppend(listener: WakeListener) {
    this.listeners.add(listener);
  }

  /**
   * Deletes every channel's events received before `receivedAt` (one range delete each: keys
   * sort by time), then compacts etcd's history up to the previous purge, which etcd would
   * otherwise keep for ever (deleted keys included) until its space quota refuses every write.
   * One purge interval behind, never at the head: the watches (ours, the other instances') are
   * far past that point, clear of the compaction bugs in watches that etcd fixed after 3.4.23
   * (etcd-io/etcd#17529, #18089).
   */
  async purgeBefore(receivedAt: number) {
    await this.isReady();
    const list = await this.client.kv.range(
      { key: key(CHANNEL), range_end: prefixEnd(CHANNEL), keys_only: true },
      this.deadline(),
    );
    let purged = 0;
    for (const kv of list.kvs) {
      const id = kv.key.toString().slice(CHANNEL.length);
      const r = await this.client.kv.txn(
        {
          success: [
            // Legacy keys (before `r`), then the `r` keys.
            {
              request_delete_range: {
                key: key(events(id)),
                range_end: key(events(id) + timeKey(receivedAt)),
              },
            },
            {
              request_delete_range: {
                key: key(events(id) + REV),
                range_end: await this.purgeEnd(id, receivedAt),
              },
            },
          ],
        },
        this.deadline(),
      );
      for (const x of r.responses) purged += Number(x.response_delete_range.deleted);
    }
    const upTo = this.purgedAt;
    this.purgedAt = list.header.revision;
    if (upTo !== null)
      await this.client.kv.compact({ revision: upTo }, this.deadline()).catch((e: unknown) => {
        // Compacted already to this revision or past it (another instance's purge): fine.
        if (!/compacted/i.test(String(e))) throw e;
      });
    return purged;
  }

  /**
   * Where a channel's purge stops: its legacy keys sort by time, so those received before
   * `receivedAt` are a prefix, and so, within an instance's clock, are its `r` keys (they sort by
   * revision). The purge deletes the `r` keys up to the first received at or after `receivedAt`:
   * an instance whose clock runs ahead makes it stop early (kept longer), never delete a newer one.
   */
  private async purgeEnd(channelId: string, receivedAt: number): Promise<Buffer> {
    const ev = events(channelId);
    let from = key(ev + REV);
    for (;;) {
      const r = await this.client.kv.range(
        { key: from, range_end: prefixEnd(ev), keys_only: true, limit: 1000 },
        this.deadline(),
      );
      for (const kv of r.kvs)
        if (keyTime(kv.key.toString().slice(ev.length)) >= receivedAt) return kv.key;
      const last = r.kvs[r.kvs.length - 1];
      if (!r.more || !last) return prefixEnd(ev);
      from = Buffer.concat([last.key, Buffer.from([0])]);
    }
  }

  /** A write the quorum must accept (for /readyz). */
  async probe() {
    await this.isReady(this.ackTimeoutMs);
    await this.probeWrite(this.ackTimeoutMs);
  }

  async close() {
    this.closed = true;
    await this.isReady(1000).catch(() => undefined);
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.watch?.close();
    // Gone at once from the others' count (a restart must not halve the rate for 15 s).
    await this.lease?.revoke(this.deadline(1000)).catch(() => undefined);
    this.client.close();
  }
}
