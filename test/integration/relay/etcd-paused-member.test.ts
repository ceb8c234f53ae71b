import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdStore } from '../../../relay/etcd-store';
import { startRelay } from '../../../relay/server';
import { startEtcdCluster } from '../../helpers/etcd';
import { postOnce } from '../../helpers/one-post';
import { newRelayChannel } from '../../helpers/relay-channel';
import { timedTerminal } from '../../helpers/timed-terminal';

// A member that stops answering (SIGSTOP: sockets open, nothing processed — a VM stall, a long
// GC pause, a dying disk) must not hold back what the others already committed. Each member is
// paused in turn, so one of them is the member the relay's watch is on: while it is still
// paused, every callback answered 200 a few seconds before has reached the terminal (before,
// the watch was replaced only after 10 s of its own writes missing, and a terminal waited for
// the member to come back: 6–21 s). Afterwards: every 200 delivered, once, in order.
const ADMIN = 'paused-member-admin-token-0123456789';
const PAUSE_MS = 7000;
/** Time allowed between a 200 and its delivery while a member is paused (the target is 2 s p99). */
const GRACE_MS = 4000;

describe('etcd: a paused member holds back no delivery', () => {
  let cluster: Awaited<ReturnType<typeof startEtcdCluster>>;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  beforeAll(async () => {
    cluster = await startEtcdCluster();
    relay = await startRelay({ store: new EtcdStore(cluster.servers), adminToken: ADMIN });
  }, 90_000);
  afterAll(async () => {
    for (let i = 0; i < 3; i++) cluster?.resume(i);
    await relay?.close();
    await cluster?.stop();
  });

  it('delivers within seconds of the 200 while the watch member is paused', async () => {
    const c = await newRelayChannel(relay.url, ADMIN);
    const term = timedTerminal(() => [relay.url], c.channelId, c.token);
    const ackedAt = new Map<string, number>();
    let sending = true;
    let n = 0;
    const sender = (async () => {
      const inflight = new Set<Promise<void>>();
      while (sending) {
        const body = `{"n":${n++}}`;
        const p = (async () => {
          // Retried like a PSP until answered 200.
          while ((await postOnce(`${relay.url}/hooks/${c.channelId}`, body, 5000)).status !== 200)
            await new Promise((r) => setTimeout(r, 100));
          ackedAt.set(body, performance.now());
        })();
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
        await new Promise((r) => setTimeout(r, 50));
      }
      await Promise.all(inflight);
    })();
    const late: string[] = [];
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 1500));
      cluster.pause(i);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      // Still paused: everything acknowledged GRACE_MS ago or earlier has arrived.
      const now = performance.now();
      for (const [body, at] of ackedAt)
        if (at < now - GRACE_MS && !term.arrivedAt.has(body)) late.push(`member ${i}: ${body}`);
      cluster.resume(i);
    }
    sending = false;
    await sender;
    const end = Date.now() + 20_000;
    while (Date.now() < end && [...ackedAt.keys()].some((b) => !term.arrivedAt.has(b)))
      await new Promise((r) => setTimeout(r, 200));
    await term.stop();
    expect(late).toEqual([]);
    expect([...ackedAt.keys()].filter((b) => !term.arrivedAt.has(b))).toEqual([]);
    expect(term.bodies.length).toBe(new Set(term.bodies).size);
    const ids = term.ids.map(BigInt);
    expect(ids.every((id, k) => k === 0 || id > ids[k - 1]!)).toBe(true);
    expect(ackedAt.size).toBeGreaterThan(50);
  }, 120_000);
});
