/**
 * The relay's storage. SQLite is the embedded default; Redis Streams the scale-out store. The
 * same contract (and the same test suite) for both: an event is durable when `append` resolves.
 */
export interface StoredEvent {
  /** Increases per channel; the SSE `id`. */
  id: string;
  receivedAt: number;
  headers: Record<string, string>;
  body: string;
}

export interface ChannelRecord {
  id: string;
  tokenHash: string;
  createdAt: number;
}

export interface RelayStore {
  createChannel(c: ChannelRecord): Promise<void>;
  getChannel(id: string): Promise<ChannelRecord | null>;
  setTokenHash(id: string, tokenHash: string): Promise<boolean>;
  deleteChannel(id: string): Promise<boolean>;
  append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string>;
  readAfter(channelId: string, afterId: string | null, limit: number): Promise<StoredEvent[]>;
  /** Resolves when an event newer than `afterId` may exist (or after `timeoutMs`). */
  waitForNew(
    channelId: string,
    afterId: string | null,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<void>;
  purgeBefore(receivedAt: number): Promise<number>;
  /**
   * `append` behind a per-channel token bucket shared by every relay instance on this store, in
   * one atomic step; null when the channel is over its rate (nothing stored). Only a shared
   * store (Redis) has it; with SQLite one instance owns the store and keeps a local bucket.
   */
  appendLimited?(
    channelId: string,
    e: Omit<StoredEvent, 'id'>,
    limit: { ratePerSec: number; burst: number },
  ): Promise<string | null>;
  close(): Promise<void>;
}
