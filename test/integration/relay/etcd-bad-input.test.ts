import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdStore } from '../../../relay/etcd-store';
import { startRelay } from '../../../relay/server';
import { idAfter } from '../../../relay/store';
import { startEtcdCluster } from '../../helpers/etcd';
import { postOnce } from '../../helpers/one-post';
import { newRelayChannel } from '../../helpers/relay-channel';
import { timedTerminal } from '../../helpers/timed-terminal';

// The etcd store's hard cases beyond a slow member (etcd-slow-member.test.ts): an instance
// whose clock is ten minutes off, and etcd's history compacted while a terminal catches up.
// Each ends with every callback answered 200 delivered once and in order.
const ADMIN = 'etcd-bad-input-admin-token-0123456789';
let etcd: Awaited<ReturnType<typeof startEtcdCluster>>;
beforeAll(async () => {
  etcd = await startEtcdCluster();
}, 60_000);
afterAll(() => etcd?.stop());

/** Posts `bodies` (each retried until 200), `parallel` at a time, to the given relays in turn. */
async function postAll(urls: string[], channelId: string, bodies: string[], parallel = 16) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let k = next++; k < bodies.length; k = next++)
        while (
          (await postOnce(`${urls[k % urls.length]}/hooks/${channelId}`, bodies[k]!, 10_000))
            .status !== 200
        )
          await new Promise((r) => setTimeout(r, 100));
    }),
  );
}

async function untilDelivered(t: ReturnType<typeof timedTerminal>, bodies: string[]) {
  const end = Date.now() + 20_000;
  while (Date.now() < end && bodies.some((b) => !t.arrivedAt.has(b)))
    await new Promise((r) => setTimeout(r, 100));
  await t.stop();
  const ids = t.ids;
  return {
    lost: bodies.filter((b) => !t.arrivedAt.has(b)),
    duplicated: t.bodies.length - new Set(t.bodies).size,
    inOrder: ids.every((id, k) => k === 0 || idAfter(id, ids[k - 1]!)),
  };
}

describe('the etcd store, bad input', () => {
  it('one instance’s clock ten minutes ahead: callbacks through both arrive once, in commit order, on both', async () => {
    const ahead = await startRelay({
      store: new EtcdStore(etcd.servers),
      adminToken: ADMIN,
      now: () => Date.now() + 10 * 60_000,
    });
    const right = await startRelay({ store: new EtcdStore(etcd.servers), adminToken: ADMIN });
    try {
      const c = await newRelayChannel(right.url, ADMIN);
      const terms = [ahead, right].map((r) => timedTerminal(() => [r.url], c.channelId, c.token));
      const bodies = Array.from({ length: 200 }, (_, k) => `{"n":${k}}`);
      await postAll([ahead.url, right.url], c.channelId, bodies, 4);
      for (const t of terms)
        expect(await untilDelivered(t, bodies)).toEqual({ lost: [], duplicated: 0, inOrder: true });
    } finally {
      await ahead.close();
      await right.close();
    }
  }, 60_000);

  it('history compacted while a terminal catches up on 600 callbacks and more arrive: all once, in order', async () => {
    const relay = await startRelay({ store: new EtcdStore(etcd.servers), adminToken: ADMIN });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      const before = Array.from({ length: 600 }, (_, k) => `{"before":${k}}`);
      await postAll([relay.url], c.channelId, before);
      const t = timedTerminal(() => [relay.url], c.channelId, c.token);
      // The terminal is reading its first batch (256 a read): compact etcd's history to the
      // head, as an operator recovering from the space quota would, while callbacks go on.
      while (!t.bodies.length) await new Promise((r) => setTimeout(r, 5));
      const after = Array.from({ length: 100 }, (_, k) => `{"after":${k}}`);
      const posting = postAll([relay.url], c.channelId, after, 4);
      const head = await fetch(`http://${etcd.servers[0]}/v3/kv/range`, {
        method: 'POST',
        body: JSON.stringify({ key: Buffer.from('relay/probe').toString('base64') }),
      });
      const revision = ((await head.json()) as { header: { revision: string } }).header.revision;
      const compacted = await fetch(`http://${etcd.servers[0]}/v3/kv/compaction`, {
        method: 'POST',
        body: JSON.stringify({ revision }),
      });
      expect(compacted.ok).toBe(true);
      await posting;
      expect(await untilDelivered(t, [...before, ...after])).toEqual({
        lost: [],
        duplicated: 0,
        inOrder: true,
      });
    } finally {
      await relay.close();
    }
  }, 90_000);
});
