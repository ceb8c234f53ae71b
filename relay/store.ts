/**
 * The relay's storage. SQLite is the embedded default; Redis Streams the scale-out store on one
 * node; etcd (and NATS JetStream) the replicated stores. The same contract (and the same test
 * suite) for all: an event is durable when `append` resolves.
 */
export interface StoredEvent {
  /** Increases per channel; the SSE `id`. */
  id: string;
  receivedAt: number;
  headers: Record<string, string>;
  /** The body exactly as received: the PSP's HMAC is over these bytes, whatever their charset. */
  body: Buffer;
}

export interface ChannelRecord {
  id: string;
  tokenHash: string;
  createdAt: number;
}

/**
 * Told the id of a channel that may have new events; `null`: any channel may (after a gap).
 * `appended`, when the store has them at hand: the events just made durable on that channel, in
 * order. A subscriber that had read everything before them writes them without reading the
 * store; any other reads after its cursor as usual.
 */
export type WakeListener = (channelId: string | null, appended?: readonly StoredEvent[]) => void;

/** Whether event id `a` comes after `b` on a channel (SQLite: `n`; Redis Streams: `ms-seq`). */
export function idAfter(a: string, b: string | null): boolean {
  if (b === null) return true;
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am > bm || (am === bm && as > bs);
}

/**
 * What a channel id may be to be one token of a NATS subject or one segment of an etcd key (the
 * relay's own ids are base64url): anything else is no channel of ours.
 */
export const CHANNEL_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** A callback's fate at the store: stored (its event id), or refused and why. */
export type AppendOutcome = { id: string } | { refused: 'rate' | 'unknown_channel' };

/** A channel as the admin listing shows it: when it was made and when it last got a callback. */
export interface ChannelSummary {
  id: string;
  createdAt: number;
  lastEventAt: number | null;
}

export interface RelayStore {
  createChannel(c: ChannelRecord): Promise<void>;
  /** Every channel, for the admin listing (never the token hashes). */
  listChannels(): Promise<ChannelSummary[]>;
  getChannel(id: string): Promise<ChannelRecord | null>;
  setTokenHash(id: string, tokenHash: string): Promise<boolean>;
  deleteChannel(id: string): Promise<boolean>;
  append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string>;
  readAfter(channelId: string, afterId: string | null, limit: number): Promise<StoredEvent[]>;
  /**
   * Whether the channel's event `id` is still held. A terminal resuming from an id the store no
   * longer holds (purged by retention) may have missed events: it is told so (a `gap` event).
   */
  holds(channelId: string, id: string): Promise<boolean>;
  /**
   * Calls `listener` after an append to a channel becomes readable, on this instance or (for a
   * shared store) any other one, through a constant number of connections: never one per
   * channel or per waiting subscriber.
   */
  onAppend(listener: WakeListener): void;
  purgeBefore(receivedAt: number): Promise<number>;
  /**
   * For a shared store (Redis): the whole callback intake in one atomic step, shared by every
   * relay instance on the store: the channel must exist (so a callback racing the channel's
   * deletion cannot leave a stream behind), its token bucket must allow it, then the append.
   * With SQLite one instance owns the store and checks these itself (a local bucket).
   */
  appendChecked?(
    channelId: string,
    e: Omit<StoredEvent, 'id'>,
    limit: { ratePerSec: number; burst: number },
  ): Promise<AppendOutcome>;
  /** One small write the store must accept (for `/readyz`): rejects when it cannot. */
  probe?(): Promise<void>;
  close(): Promise<void>;
}
