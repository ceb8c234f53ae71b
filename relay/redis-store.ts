import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import type { ChannelRecord, RelayStore, StoredEvent } from './store';
import { waitForSignal } from './wait';

/**
 * Redis Streams, the scale-out store: several stateless relay instances share one Redis; any
 * instance takes any callback or subscriber. One stream per channel (`relay:events:{id}`),
 * ids are Redis stream ids (they increase per channel). Durability is Redis's: with
 * `appendonly yes` and `appendfsync always`, XADD answers after the append-only file is
 * fsynced, so the relay's 200 still means "on disk" (see README for the other settings).
 * Waiting subscribers share one blocking XREAD per channel and instance.
 */
export class RedisStore implements RelayStore {
  private readonly redis: Redis;
  private readonly notify = new EventEmitter();
  private readonly readers = new Map<string, { redis: Redis; waiters: number }>();
  private closed = false;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.notify.setMaxListeners(0);
  }

  private key = (channelId: string) => `relay:events:${channelId}`;

  async createChannel(c: ChannelRecord) {
    await this.redis.hset('relay:channels', c.id, JSON.stringify(c));
  }

  async getChannel(id: string) {
    const v = await this.redis.hget('relay:channels', id);
    return v ? (JSON.parse(v) as ChannelRecord) : null;
  }

  async setTokenHash(id: string, tokenHash: string) {
    const c = await this.getChannel(id);
    if (!c) return false;
    await this.redis.hset('relay:channels', id, JSON.stringify({ ...c, tokenHash }));
    return true;
  }

  async deleteChannel(id: string) {
    const removed = await this.redis.hdel('relay:channels', id);
    await this.redis.del(this.key(id));
    return removed === 1;
  }

  async append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string> {
    const id = await this.redis.xadd(
      this.key(channelId),
      '*',
      'r',
      String(e.receivedAt),
      'h',
      JSON.stringify(e.headers),
      'b',
      e.body,
    );
    return id!;
  }

  async readAfter(
    channelId: string,
    afterId: string | null,
    limit: number,
  ): Promise<StoredEvent[]> {
    const rows = await this.redis.xrange(
      this.key(channelId),
      afterId ? `(${afterId}` : '-',
      '+',
      'COUNT',
      limit,
    );
    return rows.map(([id, fields]) => {
      const f: Record<string, string> = {};
      for (let i = 0; i < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
      return { id, receivedAt: Number(f.r), headers: JSON.parse(f.h ?? '{}'), body: f.b ?? '' };
    });
  }

  waitForNew(
    channelId: string,
    afterId: string | null,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<void> {
    const wait = waitForSignal(this.notify, channelId, timeoutMs, signal, () =>
      this.release(channelId),
    );
    this.acquire(channelId, afterId);
    // An entry may have landed between the caller's read and this wait: check once.
    void this.readAfter(channelId, afterId, 1).then(
      (r) => r.length && wait.done(),
      () => undefined,
    );
    return wait.promise;
  }

  /** One blocking reader per channel while someone waits; it wakes the waiters on any new entry. */
  private acquire(channelId: string, afterId: string | null) {
    const existing = this.readers.get(channelId);
    if (existing) {
      existing.waiters++;
      return;
    }
    const reader = { redis: this.redis.duplicate(), waiters: 1 };
    this.readers.set(channelId, reader);
    void (async () => {
      let last = afterId ?? '$';
      while (!this.closed && this.readers.get(channelId) === reader && reader.waiters > 0) {
        try {
          const r = await reader.redis.xread(
            'COUNT',
            1,
            'BLOCK',
            5000,
            'STREAMS',
            this.key(channelId),
            last,
          );
          const entries = r?.[0]?.[1];
          if (entries?.length) {
            last = entries[entries.length - 1]![0];
            this.notify.emit(channelId);
          }
        } catch {
          await new Promise((res) => setTimeout(res, 200));
        }
      }
      reader.redis.disconnect();
    })();
  }

  private release(channelId: string) {
    const reader = this.readers.get(channelId);
    if (reader && --reader.waiters <= 0) this.readers.delete(channelId);
  }

  /** Entries are in arrival order: delete from the oldest until one is recent enough. */
  async purgeBefore(receivedAt: number) {
    let n = 0;
    for (const id of await this.redis.hkeys('relay:channels')) {
      for (;;) {
        const batch = await this.readAfter(id, null, 500);
        const old = batch.filter((e) => e.receivedAt < receivedAt).map((e) => e.id);
        if (old.length) n += await this.redis.xdel(this.key(id), ...old);
        if (old.length < batch.length || batch.length < 500) break;
      }
    }
    return n;
  }

  async close() {
    this.closed = true;
    for (const r of this.readers.values()) r.redis.disconnect();
    this.readers.clear();
    await this.redis.quit().catch(() => undefined);
  }
}
