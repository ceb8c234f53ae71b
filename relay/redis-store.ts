import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { channelSummaries } from './channel-summaries';
import type { AppendOutcome, ChannelRecord, RelayStore, StoredEvent, WakeListener } from './store';
import { WakeListeners } from './wake-listeners';

/**
 * Redis Streams, the scale-out store: several stateless relay instances share one Redis; any
 * instance takes any callback or subscriber. One stream per channel (`relay:events:{id}`),
 * ids are Redis stream ids (they increase per channel). Durability is Redis's: with
 * `appendonly yes` and `appendfsync always`, XADD answers after the append-only file is
 * fsynced, so the relay's 200 still means "on disk" (see README for the other settings).
 *
 * Waking subscribers costs two connections per instance, however many channels: the script
 * that appends also PUBLISHes the event (channel id first) on `relay:wake`, and each instance
 * holds one SUBSCRIBE connection to it. A caught-up subscriber is written the event from the
 * wake; any other reads after its own cursor, so order and at-least-once come from the stream
 * itself, and a wake lost while the subscription was down is covered by waking every channel
 * when it comes back.
 */
const WAKE = 'relay:wake';
const CHANNELS = 'relay:channels';

// The wake carries the event: channel, id, receivedAt and headers on a line each, then the body's
// bytes, so a caught-up subscriber on any instance is written without reading the stream back.
const wake = (channel: string, r: string, h: string, b: string) =>
  `redis.call('PUBLISH', '${WAKE}', ${channel} .. '\\n' .. id .. '\\n' .. ${r} .. '\\n' .. ${h} .. '\\n' .. ${b})`;

const APPEND = `
local id = redis.call('XADD', KEYS[1], '*', 'r', ARGV[1], 'h', ARGV[2], 'b', ARGV[3])
${wake('ARGV[4]', 'ARGV[1]', 'ARGV[2]', 'ARGV[3]')}
return id`;

// KEYS: the channel's bucket, its stream, the channels hash. -1: no such channel (nothing is
// written, so a callback racing the channel's deletion leaves no stream behind); nil: over rate.
const APPEND_CHECKED = `
if redis.call('HEXISTS', KEYS[3], ARGV[6]) == 0 then return -1 end
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
local id = redis.call('XADD', KEYS[2], '*', 'r', ARGV[3], 'h', ARGV[4], 'b', ARGV[5])
${wake('ARGV[6]', 'ARGV[3]', 'ARGV[4]', 'ARGV[5]')}
return id`;

interface ScriptCommands {
  appendEvent(...args: Array<string | number | Buffer>): Promise<string>;
  appendChecked(...args: Array<string | number | Buffer>): Promise<string | number | null>;
}

export class RedisStore implements RelayStore {
  private readonly redis: Redis & ScriptCommands;
  private readonly wake: Redis;
  private readonly listeners = new WakeListeners();
  /** Names this instance's connections (CLIENT LIST shows how many it holds). */
  readonly connectionName = `relay-${process.pid}-${randomBytes(3).toString('hex')}`;

  constructor(url: string) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      // Commands go out at once (ioredis still pipelines them on the one connection): batching
      // them per tick cost every callback a turn of the event loop, ~2 ms at p99 under load,
      // and with events delivered from the wake few subscribers read at the same moment.
      enableAutoPipelining: false,
      connectionName: this.connectionName,
    }) as Redis & ScriptCommands;
    // Sent once, then called by its SHA (EVALSHA), reloaded by ioredis after a Redis restart.
    this.redis.defineCommand('appendEvent', { numberOfKeys: 1, lua: APPEND });
    this.redis.defineCommand('appendChecked', { numberOfKeys: 3, lua: APPEND_CHECKED });
    this.wake = new Redis(url, { connectionName: this.connectionName });
    // ioredis reconnects by itself; a command that fails meanwhile rejects and is logged where
    // it was made. Without a listener each failed attempt would be printed as "unhandled".
    for (const c of [this.redis, this.wake]) c.on('error', () => undefined);
    this.wake.on('messageBuffer', (_channel: Buffer, m: Buffer) => this.onWake(m));
    // Resubscribed after a reconnect (ioredis does it): wakes sent meanwhile were lost.
    let subscribedOnce = false;
    this.wake.on('ready', () => {
      if (subscribedOnce) this.listeners.wake(null);
      subscribedOnce = true;
    });
    this.wake.subscribe(WAKE).catch(() => undefined);
  }

  /** A wake: `channel\nid\nreceivedAt\nheaders\nbody` (see APPEND). */
  private onWake(m: Buffer) {
    const cuts: number[] = [];
    let at = -1;
    while (cuts.length < 4 && (at = m.indexOf(10, at + 1)) >= 0) cuts.push(at);
    const field = (i: number) => m.toString('utf8', i ? cuts[i - 1]! + 1 : 0, cuts[i]);
    if (cuts.length < 4) return this.listeners.wake(field(0) || null);
    let headers: Record<string, string>;
    try {
      headers = JSON.parse(field(3)) as Record<string, string>;
    } catch {
      return this.listeners.wake(field(0));
    }
    this.listeners.wake(field(0), [
      { id: field(1), receivedAt: Number(field(2)), headers, body: m.subarray(cuts[3]! + 1) },
    ]);
  }

  onAppend(listener: WakeListener) {
    this.listeners.add(listener);
  }

  private key = (channelId: string) => `relay:events:${channelId}`;
  private rateKey = (channelId: string) => `relay:rate:${channelId}`;

  /**
   * The channel's existence and token bucket live in Redis and one script checks both and
   * appends, with Redis's own clock: N instances together let through `ratePerSec`, not N times
   * it, in one round trip and one append-only write.
   */
  async appendChecked(
    channelId: string,
    e: Omit<StoredEvent, 'id'>,
    limit: { ratePerSec: number; burst: number },
  ): Promise<AppendOutcome> {
    const id = await this.redis.appendChecked(
      this.rateKey(channelId),
      this.key(channelId),
      CHANNELS,
      limit.ratePerSec,
      limit.burst,
      String(e.receivedAt),
      JSON.stringify(e.headers),
      e.body,
      channelId,
    );
    if (id === -1) return { refused: 'unknown_channel' };
    return typeof id === 'string' ? { id } : { refused: 'rate' };
  }

  async append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string> {
    return this.redis.appendEvent(
      this.key(channelId),
      String(e.receivedAt),
      JSON.stringify(e.headers),
      e.body,
      channelId,
    );
  }

  async createChannel(c: ChannelRecord) {
    await this.redis.hset(CHANNELS, c.id, JSON.stringify(c));
  }

  async holds(channelId: string, id: string) {
    return (await this.redis.xrange(this.key(channelId), id, id, 'COUNT', 1)).length === 1;
  }

  async listChannels() {
    const all = await this.redis.hgetall(CHANNELS);
    const channels = Object.values(all).map((v) => JSON.parse(v) as ChannelRecord);
    return channelSummaries(channels, async (id) => {
      const [last] = await this.redis.xrevrange(this.key(id), '+', '-', 'COUNT', 1);
      const r = last ? last[1][last[1].indexOf('r') + 1] : undefined;
      return r ? Number(r) : null;
    });
  }

  async getChannel(id: string) {
    const v = await this.redis.hget(CHANNELS, id);
    return v ? (JSON.parse(v) as ChannelRecord) : null;
  }

  async setTokenHash(id: string, tokenHash: string) {
    const c = await this.getChannel(id);
    if (!c) return false;
    await this.redis.hset(CHANNELS, id, JSON.stringify({ ...c, tokenHash }));
    return true;
  }

  async deleteChannel(id: string) {
    const removed = await this.redis.hdel(CHANNELS, id);
    await this.redis.del(this.key(id), this.rateKey(id));
    return removed === 1;
  }

  async readAfter(
    channelId: string,
    afterId: string | null,
    limit: number,
  ): Promise<StoredEvent[]> {
    // Buffers, not strings: the body's bytes come back exactly as stored.
    const rows = await this.redis.xrangeBuffer(
      this.key(channelId),
      afterId ? `(${afterId}` : '-',
      '+',
      'COUNT',
      limit,
    );
    return rows.map(([id, fields]) => {
      const f: Record<string, Buffer> = {};
      for (let i = 0; i < fields.length; i += 2) f[fields[i]!.toString()] = fields[i + 1]!;
      return {
        id: id.toString(),
        receivedAt: Number(f.r?.toString()),
        headers: JSON.parse(f.h?.toString() ?? '{}') as Record<string, string>,
        body: f.b ?? Buffer.alloc(0),
      };
    });
  }

  /**
   * Stream ids start with Redis's clock in ms: XTRIM MINID drops every entry older than the
   * cutoff in one step per channel, without reading them.
   */
  async probe() {
    await this.redis.set('relay:probe', String(Date.now()));
  }

  async purgeBefore(receivedAt: number) {
    let n = 0;
    let cursor = '0';
    do {
      const [next, fields] = await this.redis.hscan(CHANNELS, cursor, 'COUNT', 500);
      cursor = next;
      const ids = fields.filter((_, i) => i % 2 === 0);
      const trimmed = await Promise.all(
        ids.map((id) => this.redis.xtrim(this.key(id), 'MINID', Math.floor(receivedAt))),
      );
      n += trimmed.reduce((a, b) => a + b, 0);
    } while (cursor !== '0');
    return n;
  }

  async close() {
    await this.wake.quit().catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }
}
