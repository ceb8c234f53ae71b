import { createHmac } from 'node:crypto';
import http from 'node:http';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../../../relay/redis-store';
import { startRelay } from '../../../relay/server';
import { startRedisPair } from '../../helpers/redis-pair';
import { newRelayChannel } from '../../helpers/relay-channel';
import { waitFor } from '../../helpers/sandbox';
import { CALLBACK_SECRET as SECRET, relayTerminal } from '../../helpers/terminal';

// Scale-out: two relay instances on one Redis; the PSP posts to one, the terminal reads from
// the other; Redis killed and restarted with its append-only file (appendfsync always).
const ADMIN = 'redis-admin-token-0123456789abcdef';
let pair: Awaited<ReturnType<typeof startRedisPair>>;

beforeAll(async () => {
  pair = await startRedisPair(ADMIN);
});
afterAll(() => pair?.stop());

const terminal = (relayUrl: string, channelId: string, token: string) =>
  relayTerminal({ relayUrl, channelId, token });

async function post(hookUrl: string, eventId: string) {
  const body = JSON.stringify({ transactionId: eventId, status: 'PAID' });
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex');
  const r = await fetch(hookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-event-id': eventId,
      'x-timestamp': ts,
      'x-signature': sig,
    },
    body,
  });
  return r.status;
}

/** Opens an SSE stream with node:http (one socket each) and collects the event ids it gets. */
function subscribe(relayUrl: string, channelId: string, token: string) {
  const got: string[] = [];
  const u = new URL(relayUrl);
  const req = http.get(
    {
      host: u.hostname,
      port: u.port,
      path: `/channels/${channelId}/events`,
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/^id: (\S+)$/gm)) got.push(m[1]!);
      });
    },
  );
  req.on('error', () => undefined);
  return { got, close: () => req.destroy() };
}

describe('Redis Streams store', () => {
  it('waking 300 waiting subscribers over two instances takes a constant number of Redis connections (CLIENT LIST)', async () => {
    const N = 300;
    const channels = await Promise.all(
      Array.from({ length: N }, () => newRelayChannel(pair.a.url, ADMIN)),
    );
    // Half the terminals on each instance; each callback posted to the other instance.
    const subs = channels.map((c, i) =>
      subscribe(i % 2 ? pair.b.url : pair.a.url, c.channelId, c.token),
    );
    const connected = async () =>
      (
        await Promise.all(
          [pair.a, pair.b].map(async (r) =>
            (
              await fetch(`${r.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
            ).text(),
          ),
        )
      )
        .map((t) => Number(/relay_subscribers (\d+)/.exec(t)![1]))
        .reduce((x, y) => x + y, 0);
    for (let i = 0; i < 400 && (await connected()) < N; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await connected()).toBe(N);
    for (let i = 0; i < N; i += 50)
      await Promise.all(
        channels
          .slice(i, i + 50)
          .map((c, k) =>
            post(`${(i + k) % 2 ? pair.a.url : pair.b.url}/hooks/${c.channelId}`, `wake-${i + k}`),
          ),
      );
    await waitFor(() => subs.every((s) => s.got.length === 1), 20_000);

    const cli = new Redis(pair.redis.url);
    const list = await cli.client('LIST');
    await cli.quit();
    const named = (name: string) =>
      String(list)
        .split('\n')
        .filter((l) => l.includes(` name=${name} `)).length;
    expect(named(pair.storeA.connectionName)).toBeGreaterThan(0);
    expect(named(pair.storeA.connectionName)).toBeLessThanOrEqual(4);
    expect(named(pair.storeB.connectionName)).toBeLessThanOrEqual(4);
    // Nobody else holds connections for the relays: every client but ours is one of theirs.
    const clients = String(list).trim().split('\n').length;
    expect(clients).toBeLessThanOrEqual(4 + 4 + 1);
    subs.forEach((s) => s.close());
  }, 60_000);

  it('the PSP posts to instance A, the terminal reads from instance B; Redis restarted: nothing acknowledged is lost', async () => {
    const ch = await newRelayChannel(pair.a.url, ADMIN);
    const t = terminal(pair.b.url, ch.channelId, ch.token);
    for (let i = 0; i < 200; i++)
      expect(await post(`${pair.a.url}/hooks/${ch.channelId}`, `before-${i}`)).toBe(200);
    await waitFor(() => t.count() === 200, 15_000);

    await pair.redis.restart();
    let acked = 0;
    for (let i = 0; i < 50; i++)
      if ((await post(`${pair.a.url}/hooks/${ch.channelId}`, `after-${i}`)) === 200) acked++;
    expect(acked).toBe(50);
    await waitFor(() => t.count() === 250, 20_000);

    // A terminal starting from scratch (empty ledger) reads every event, from the restarted Redis.
    const fresh = terminal(pair.b.url, ch.channelId, ch.token);
    await waitFor(() => fresh.count() === 250, 20_000);
    expect(fresh.seen('before-0') && fresh.seen('after-49')).toBe(true);
    t.subscriber.stop();
    fresh.subscriber.stop();
  }, 60_000);

  it('the per-channel rate limit is shared: two instances together let through one bucket, not two', async () => {
    // A bucket of 4 that refills one token every 10 s: within this test, exactly 4 get through.
    const slow = { adminToken: ADMIN, ratePerSec: 0.1, burst: 4 };
    const c = await startRelay({ store: new RedisStore(pair.redis.url), ...slow });
    const d = await startRelay({ store: new RedisStore(pair.redis.url), ...slow });
    try {
      const ch = await newRelayChannel(c.url, ADMIN);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const via = i % 2 === 0 ? c : d;
        statuses.push(await post(`${via.url}/hooks/${ch.channelId}`, `rate-${i}`));
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      const metrics = await (
        await fetch(`${d.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
      ).text();
      expect(metrics).toMatch(/reason="rate"\} [1-9]/);
    } finally {
      await c.close();
      await d.close();
    }
  });

  it('callbacks racing the deletion of their channel: each is 200 or 404, and no stream is left behind', async () => {
    const ch = await newRelayChannel(pair.a.url, ADMIN);
    // Four senders post through both instances until 100 ms after the deletion was answered.
    let deletedAt = Infinity;
    const statuses: number[] = [];
    const sender = async (k: number) => {
      for (let i = 0; Date.now() < deletedAt + 100; i++)
        statuses.push(
          await post(`${(i % 2 ? pair.a : pair.b).url}/hooks/${ch.channelId}`, `race-${k}-${i}`),
        );
    };
    const senders = [0, 1, 2, 3].map(sender);
    await new Promise((r) => setTimeout(r, 30));
    const deleted = await fetch(`${pair.b.url}/admin/channels/${ch.channelId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    deletedAt = Date.now();
    expect(deleted.status).toBe(200);
    await Promise.all(senders);
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(404);
    const cli = new Redis(pair.redis.url);
    try {
      expect(await cli.exists(`relay:events:${ch.channelId}`)).toBe(0);
      expect(await cli.hexists('relay:channels', ch.channelId)).toBe(0);
    } finally {
      await cli.quit();
    }
  });
});
