import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../../../relay/redis-store';
import { startRelay } from '../../../relay/server';
import { startRedis } from '../../helpers/redis';
import { waitFor } from '../../helpers/sandbox';
import { CALLBACK_SECRET as SECRET, relayTerminal } from '../../helpers/terminal';

// Scale-out: two relay instances on one Redis; the PSP posts to one, the terminal reads from
// the other; Redis killed and restarted with its append-only file (appendfsync always).
const ADMIN = 'redis-admin-token-0123456789abcdef';
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: Awaited<ReturnType<typeof startRelay>>;
let b: Awaited<ReturnType<typeof startRelay>>;

beforeAll(async () => {
  redis = await startRedis();
  a = await startRelay({ store: new RedisStore(redis.url), adminToken: ADMIN });
  b = await startRelay({ store: new RedisStore(redis.url), adminToken: ADMIN });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

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

describe('Redis Streams store', () => {
  it('the PSP posts to instance A, the terminal reads from instance B; Redis restarted: nothing acknowledged is lost', async () => {
    const ch = (await (
      await fetch(`${a.url}/admin/channels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}` },
      })
    ).json()) as { channelId: string; token: string };
    const t = terminal(b.url, ch.channelId, ch.token);
    for (let i = 0; i < 200; i++)
      expect(await post(`${a.url}/hooks/${ch.channelId}`, `before-${i}`)).toBe(200);
    await waitFor(() => t.count() === 200, 15_000);

    await redis.restart();
    let acked = 0;
    for (let i = 0; i < 50; i++)
      if ((await post(`${a.url}/hooks/${ch.channelId}`, `after-${i}`)) === 200) acked++;
    expect(acked).toBe(50);
    await waitFor(() => t.count() === 250, 20_000);

    // A terminal starting from scratch (empty ledger) reads every event, from the restarted Redis.
    const fresh = terminal(b.url, ch.channelId, ch.token);
    await waitFor(() => fresh.count() === 250, 20_000);
    expect(fresh.seen('before-0') && fresh.seen('after-49')).toBe(true);
    t.subscriber.stop();
    fresh.subscriber.stop();
  }, 60_000);

  it('the per-channel rate limit is shared: two instances together let through one bucket, not two', async () => {
    // A bucket of 4 that refills one token every 10 s: within this test, exactly 4 get through.
    const slow = { adminToken: ADMIN, ratePerSec: 0.1, burst: 4 };
    const c = await startRelay({ store: new RedisStore(redis.url), ...slow });
    const d = await startRelay({ store: new RedisStore(redis.url), ...slow });
    try {
      const ch = (await (
        await fetch(`${c.url}/admin/channels`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN}` },
        })
      ).json()) as { channelId: string };
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const via = i % 2 === 0 ? c : d;
        statuses.push(await post(`${via.url}/hooks/${ch.channelId}`, `rate-${i}`));
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      const metrics = await (await fetch(`${d.url}/metrics`)).text();
      expect(metrics).toMatch(/reason="rate"\} [1-9]/);
    } finally {
      await c.close();
      await d.close();
    }
  });
});
