import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../../../relay/server';
import { ENGINES, type EngineCluster } from '../../helpers/engines';

// The per-channel rate on the replicated store is shared among the relay instances alive: a
// PSP (or a flood) spread over every instance gets one bucket in all, not one per instance.
const ADMIN = 'shared-rate-admin-token-0123456789ab';

// A bucket of 4 that refills one token every 10 s: within this test nothing refills.
const slow = { adminToken: ADMIN, ratePerSec: 0.1, burst: 4 };
const channel = async (url: string) =>
  (
    (await (
      await fetch(`${url}/admin/channels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}` },
      })
    ).json()) as { channelId: string }
  ).channelId;
/**
 * Ready: the store takes a write. A store just started may still be electing its leaders (NATS
 * makes its stream and bucket then); on two cores under the whole suite that took longer than
 * one look, and the first test failed on a 503 from /readyz.
 */
async function ready(url: string) {
  for (const end = Date.now() + 60_000; ;) {
    const s = (await fetch(`${url}/readyz`)).status;
    if (s === 200 || Date.now() > end) return s;
    await new Promise((r) => setTimeout(r, 250));
  }
}
const post = async (url: string, id: string, i: number) =>
  (
    await fetch(`${url}/hooks/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ i }),
    })
  ).status;

describe.each(ENGINES)('the per-channel rate on $name', (engine) => {
  let cluster: EngineCluster;
  beforeAll(async () => {
    cluster = await engine.startCluster();
  }, 90_000);
  afterAll(() => cluster?.stop());
  const relay = (o: { ackTimeoutMs?: number } = {}) =>
    startRelay({ store: engine.store(cluster.servers, { presenceMs: 200, ...o }), ...slow });

  it('two instances together let one bucket through; alone again, the survivor takes it all', async () => {
    const c = await relay();
    const d = await relay();
    try {
      // Both connected and ready (their stores answer /readyz), then each hears the other.
      for (const r of [c, d]) expect(await ready(r.url)).toBe(200);
      await new Promise((r) => setTimeout(r, 1000));
      const id = await channel(c.url);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push(await post(i % 2 ? d.url : c.url, id, i));
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      await d.close();
      await new Promise((r) => setTimeout(r, 1000)); // three silent intervals: d is gone
      const fresh = await channel(c.url);
      const alone: number[] = [];
      for (let i = 0; i < 6; i++) alone.push(await post(c.url, fresh, i));
      expect(alone.filter((s) => s === 200)).toHaveLength(4);
    } finally {
      await c.close();
      await d.close().catch(() => undefined);
    }
  }, 120_000);

  it('a relay closed while its store is still starting leaves nothing behind that throws', async () => {
    const thrown: unknown[] = [];
    const record = (e: unknown) => thrown.push(e);
    process.on('uncaughtException', record);
    try {
      const store = engine.store(cluster.servers, { presenceMs: 200 });
      const closed = store.close();
      // The start goes on after close() was called; it must not announce on a closed connection.
      await store.probe?.().catch(() => undefined);
      await closed;
      await new Promise((r) => setTimeout(r, 1000)); // five presence intervals
      expect(thrown).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  }, 120_000);

  it('callbacks refused with 503 while the quorum is gone do not spend the bucket', async () => {
    // Each refusal waits out the store's acknowledgement timeout: 0.5 s here, not the default
    // 2 s (six of them in a row were 12 s of this test; what they spend is what it checks).
    const c = await relay({ ackTimeoutMs: 500 });
    try {
      expect(await ready(c.url)).toBe(200);
      const id = await channel(c.url);
      // Two of three nodes stopped: nothing can be held, every callback is answered 503.
      await cluster.pause(1);
      await cluster.pause(2);
      // One after another, as a PSP retries (attempts in flight at once hold their tokens).
      const refused: number[] = [];
      for (let i = 0; i < 6; i++) refused.push(await post(c.url, id, i));
      expect(refused).toEqual([503, 503, 503, 503, 503, 503]);
      cluster.resume(1);
      cluster.resume(2);
      // The quorum back, as a PSP's retries would find it (a JetStream election after a pause
      // took minutes once on two loaded cores: waited for here, not counted in the posts).
      for (const end = Date.now() + 240_000; Date.now() < end && !(await engine.whole(cluster));)
        await new Promise((r) => setTimeout(r, 500));
      // Back: the PSP's retries are accepted, the whole bucket of 4 (the 503s cost nothing).
      const accepted: number[] = [];
      for (let i = 0; accepted.length < 5 && i < 200; i++) {
        const s = await post(c.url, id, 10 + i);
        if (s !== 503) accepted.push(s);
        else await new Promise((r) => setTimeout(r, 250));
      }
      expect(accepted).toEqual([200, 200, 200, 200, 429]);
    } finally {
      for (let i = 0; i < 3; i++) cluster.resume(i);
      await c.close();
    }
    // 15-18 s alone; in the whole suite on two cores the quorum's return took over 90 s once.
  }, 420_000);
});
