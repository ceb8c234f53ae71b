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
const APPEND_LIMITED = `
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
if tokens < 1 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
  return false
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return redis.call('XADD', KEYS[2], '*', 'r', ARGV[3], 'h', ARGV[4], 'b', ARGV[5])`;

interface ScriptCommands {
  appendLimited(...args: Array<string | number>): Promise<string | null>;
}

export class RedisStore implements RelayStore {
  private readonly redis: Redis;
  private readonly notify = new EventEmitter();
  private readonly readers = new Map<string, { redis: Redis; waiters: number }>();
  private closed = false;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.notify.setMaxListeners(0);
    // Sent once, then called by its SHA (EVALSHA), reloaded by ioredis after a Redis restart.
    this.redis.defineCommand('appendLimited', { numberOfKeys: 2, lua: APPEND_LIMITED });
  }

  private key = (channelId: string) => `relay:events:${channelId}`;
  private rateKey = (channelId: string) => `relay:rate:${channelId}`;

  /**
   * The channel's token bucket lives in Redis and one script checks it and appends, with Redis's
   * own clock: N instances together let through `ratePerSec`, not N times it, at the cost of no
   * extra round trip and no extra append-only write.
   */
  async appendLimited(
    channelId: string,
    e: Omit<StoredEvent, 'id'>,
    limit: { ratePerSec: number; burst: number },
  ): Promise<string | null> {
    const id = await (this.redis as Redis & ScriptCommands).appendLimited(
      this.rateKey(channelId),
      this.key(channelId),
      limit.ratePerSec,
      limit.burst,
      String(e.receivedAt),
      JSON.stringify(e.headers),
      e.body,
    );
    return id ?? null;
  }

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
    await this.redis.del(this.key(id), this.rateKey(id));
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
