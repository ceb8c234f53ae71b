import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, ETCD, type EngineCluster } from '../../helpers/engines';
import { postOnce } from '../../helpers/one-post';
import { newRelayChannel } from '../../helpers/relay-channel';
import { waitFor } from '../../helpers/sandbox';
import { sseTerminal as terminal } from '../../helpers/sse-events';

// The replicated stores on a real three-node cluster of their engine (loopback, started here):
// relay instances are interchangeable, and losing any one engine node (kill -9) or a relay
// instance loses no callback that was answered 200, and delivers none twice.
const ADMIN = 'replicated-admin-token-0123456789ab';

/** One POST on its own connection: the status, or 0 when the connection failed. */
const post = (url: string, body: string) => postOnce(url, body, 10_000);

/** Polls an async condition until it holds or `ms` pass. */
async function until(fn: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await fn().catch(() => false))) {
    if (Date.now() > end) throw new Error('until: timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(ENGINES)('relay on $name', (engine) => {
  let cluster: EngineCluster;
  const relays: Array<{ url: string; child: ChildProcess }> = [];
  const startInstance = async () => relays.push(await engine.startRelay(cluster.servers, ADMIN));
  beforeAll(async () => {
    cluster = await engine.startCluster();
    await startInstance();
    await startInstance();
  }, 90_000);
  afterAll(async () => {
    for (const r of relays) r.child.kill('SIGKILL');
    await cluster?.stop();
  });
  const channel = (url: string) => newRelayChannel(url, ADMIN);

  it('a channel made on one instance takes callbacks on the other; its terminal reads from either', async () => {
    const [a, b] = relays;
    const c = await channel(a!.url);
    const t = terminal(() => [b!.url], c.channelId, c.token);
    expect((await post(`${b!.url}/hooks/${c.channelId}`, '{"n":1}')).status).toBe(200);
    expect((await post(`${a!.url}/hooks/${c.channelId}`, '{"n":2}')).status).toBe(200);
    await waitFor(() => t.bodies().length === 2, 10_000);
    expect(t.bodies()).toEqual(['{"n":1}', '{"n":2}']);
    t.stop();
  });

  /**
   * Callbacks at ~100/s spread over the live instances, a terminal reading throughout, while
   * `faults` runs; then every callback answered 200 must reach the terminal exactly once.
   */
  async function underLoad(faults: () => Promise<void>) {
    const live = () =>
      relays.filter((r) => r.child.exitCode === null && r.child.signalCode === null);
    const c = await channel(live()[0]!.url);
    const t = terminal(() => live().map((r) => r.url), c.channelId, c.token);
    const acked: string[] = [];
    const statuses: Record<number, number> = {};
    let sending = true;
    let n = 0;
    const sender = (async () => {
      while (sending) {
        const batch = Array.from({ length: 10 }, async () => {
          const body = `{"n":${n++}}`;
          const urls = live();
          const r = await post(`${urls[n % urls.length]!.url}/hooks/${c.channelId}`, body);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          if (r.status === 200) acked.push(body);
          else if (r.status === 503) expect(r.retryAfter).toBe('1');
        });
        await Promise.all([...batch, new Promise((r) => setTimeout(r, 100))]);
      }
    })();
    await faults();
    sending = false;
    await sender;
    await waitFor(() => acked.every((b) => t.bodies().includes(b)), 30_000).catch(() => undefined);
    t.stop();
    const lost = acked.filter((b) => !t.bodies().includes(b));
    const twice = t.bodies().length - new Set(t.bodies()).size;
    // Enough traffic to mean something across the faults; how much gets through depends on the
    // machine's load (240 acked in a three-stream CI run on 2 cores), the guarantees below do not.
    expect(acked.length, JSON.stringify(statuses)).toBeGreaterThan(200);
    expect({ lost: lost.length, twice }).toEqual({ lost: 0, twice: 0 });
    // Nothing answered 200 that the terminal did not get: every body it got was acknowledged
    // or answered otherwise (a 503 may still have been stored: at least once, the PSP retries).
    expect(Object.keys(statuses).every((s) => ['0', '200', '503'].includes(s))).toBe(true);
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('kill -9 of each engine node in turn, then of a relay instance, under load: every 200 delivered exactly once', async () => {
    await underLoad(async () => {
      for (let i = 0; i < 3; i++) {
        await sleep(1500);
        await cluster.kill(i);
        await sleep(2500);
        await cluster.start(i);
      }
      await sleep(1000);
      relays[0]!.child.kill('SIGKILL'); // the terminal resumes on the other instance
      await sleep(2000);
    });
  }, 120_000);

  // Faults that overlap: a node killed while the one before it is still restarting and catching
  // up, then one paused. NATS 2.9.10 lost acknowledged callbacks this way once (README), so only
  // etcd's run claims it.
  it.runIf(engine === ETCD)(
    'overlapping faults under load (a kill while the last killed node still catches up, then a pause): every 200 delivered exactly once',
    async () => {
      await startInstance(); // two live instances again (the test before killed one)
      await underLoad(async () => {
        await sleep(1500);
        await cluster.kill(0);
        await sleep(1500);
        const first = cluster.start(0); // not waited for: node 1 goes while 0 catches up
        await sleep(300);
        await cluster.kill(1);
        await sleep(1500);
        const second = cluster.start(1);
        await sleep(300);
        await cluster.pause(2);
        await sleep(2000);
        cluster.resume(2);
        await Promise.all([first, second]);
        await sleep(2000);
      });
    },
    120_000,
  );

  it('/readyz is red within 10 s once the quorum is gone (two of three nodes down) and green when it is back; /healthz stays green', async () => {
    const url = relays[1]!.url;
    const status = async (path: string) =>
      (await fetch(`${url}${path}`, { signal: AbortSignal.timeout(8000) })).status;
    await until(async () => (await status('/readyz')) === 200, 30_000);
    await cluster.kill(0);
    await cluster.kill(1);
    const t0 = Date.now();
    await until(async () => (await status('/readyz')) === 503, 10_000);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await status('/healthz')).toBe(200);
    // No quorum: a callback is refused with Retry-After, never answered 200.
    const c = await channel(url).catch(() => null);
    if (c) expect((await post(`${url}/hooks/${c.channelId}`, '{}')).status).not.toBe(200);
    await Promise.all([cluster.start(0), cluster.start(1)]);
    await until(async () => (await status('/readyz')) === 200, 30_000);
  }, 90_000);
});
