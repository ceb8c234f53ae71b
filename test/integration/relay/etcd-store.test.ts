import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../../../relay/server';
import { startEtcdCluster } from '../../helpers/etcd';
import { newRelayChannel } from '../../helpers/relay-channel';
import { startRelayProcess } from '../../helpers/relay-process';
import { sseEvents } from '../../helpers/sse-events';
import { Etcd3 } from 'etcd3';
import { EtcdStore } from '../../../relay/etcd-store';
import { idAfter } from '../../../relay/store';

// What the etcd store does beyond the suite every store runs (api.test.ts, replicated-store,
// full-disk, slow-node, shared-rate): its own answers to what etcd and its client do.
const ADMIN = 'etcd-store-admin-token-0123456789ab';
let etcd: Awaited<ReturnType<typeof startEtcdCluster>>;
beforeAll(async () => {
  etcd = await startEtcdCluster();
}, 60_000);
afterAll(() => etcd?.stop());

const post = async (url: string, id: string, body: string) => {
  const r = await fetch(`${url}/hooks/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: r.status, ...((await r.json()) as { id?: string }) };
};

/** The ids and bodies a terminal reading from the start gets, until `n` or `ms`. */
async function readAll(
  url: string,
  c: { channelId: string; token: string },
  n: number,
  ms = 15_000,
) {
  const got: Array<{ id: string; body: string }> = [];
  const res = await fetch(`${url}/channels/${c.channelId}/events`, {
    headers: { authorization: `Bearer ${c.token}` },
    signal: AbortSignal.timeout(ms),
  });
  try {
    for await (const { id, data } of sseEvents(res.body)) {
      got.push({ id, body: (JSON.parse(data) as { body: string }).body });
      if (got.length >= n) break;
    }
  } catch {
    /* timed out: the assertions say what came */
  }
  return got;
}

describe('the etcd store', () => {
  it('a callback sent again (its 200 lost on the way) gets its first id back and is stored once', async () => {
    const relay = await startRelay({ store: new EtcdStore(etcd.servers), adminToken: ADMIN });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      const first = await post(relay.url, c.channelId, '{"txid":"a"}');
      const again = await post(relay.url, c.channelId, '{"txid":"a"}');
      const other = await post(relay.url, c.channelId, '{"txid":"b"}');
      expect([first.status, again.status, other.status]).toEqual([200, 200, 200]);
      expect(again.id).toBe(first.id);
      const got = await readAll(relay.url, c, 3, 2000); // a third would be the copy
      expect(got.map((e) => e.body)).toEqual(['{"txid":"a"}', '{"txid":"b"}']);
    } finally {
      await relay.close();
    }
  }, 30_000);

  it('a PSP’s resend with a new timestamp, signature and sending time is the same event: stored once', async () => {
    const relay = await startRelay({ store: new EtcdStore(etcd.servers), adminToken: ADMIN });
    const send = (body: unknown, headers: Record<string, string>) =>
      fetch(`${relay.url}/hooks/${c.channelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, ...((await r.json()) as { id?: string }) }));
    const c = await newRelayChannel(relay.url, ADMIN);
    try {
      const paid = (sentAt: number) => ({ data: { transactionId: 'T1', status: 'PAID', sentAt } });
      const signed = (t: number) => ({ 'x-timestamp': String(t), 'x-signature': `sig-${t}` });
      const pix = (horario: string) => ({ pix: [{ endToEndId: 'E1', txid: 'tx1', horario }] });
      const sent = [
        await send(paid(1), signed(1)),
        await send(paid(9), signed(9)), // the resend after a 503 that was stored
        await send({ data: { transactionId: 'T1', status: 'REFUNDED' } }, signed(20)),
        await send({ a: 1 }, { 'x-event-id': 'ev-1', ...signed(30) }),
        await send({ a: 2 }, { 'x-event-id': 'ev-1', ...signed(31) }),
        await send(pix('2026-11-27T10:00:00Z'), {}),
        await send(pix('2026-11-27T10:00:05Z'), {}),
      ];
      expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
      expect([sent[1]!.id, sent[4]!.id, sent[6]!.id]).toEqual([
        sent[0]!.id,
        sent[3]!.id,
        sent[5]!.id,
      ]);
      const got = await readAll(relay.url, c, 5, 2000); // a fifth would be a copy
      expect(got.map((e) => JSON.parse(e.body) as unknown)).toEqual([
        paid(1),
        { data: { transactionId: 'T1', status: 'REFUNDED' } },
        { a: 1 },
        pix('2026-11-27T10:00:00Z'),
      ]);
    } finally {
      await relay.close();
    }
  }, 30_000);

  it('a terminal behind 80 callbacks of 60 KB each reads them all (above gRPC’s default 4 MiB a read)', async () => {
    const relay = await startRelay({ store: new EtcdStore(etcd.servers), adminToken: ADMIN });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      const sent: string[] = [];
      for (let i = 0; i < 80; i++) {
        const body = JSON.stringify({ i, pad: 'x'.repeat(60_000) });
        expect((await post(relay.url, c.channelId, body)).status).toBe(200);
        sent.push(body);
      }
      const got = await readAll(relay.url, c, 80);
      expect(got.length).toBe(80);
      expect(got.map((e) => e.body)).toEqual(sent);
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('a read after a cursor costs the events after it, not the channel’s history; a purge and `holds` still work', async () => {
    // One callback a transaction: the window is in revisions, and here 600 events must span
    // more than 50 of them (with group commit, 20 sent at once would share one revision).
    const store = new EtcdStore(etcd.servers, { keyWindow: 50, groupCommit: { maxItems: 1 } });
    const limit = { ratePerSec: 1e6, burst: 1e6 };
    const ev = (i: number, at = Date.now()) => ({
      receivedAt: at,
      headers: {},
      body: Buffer.from(JSON.stringify({ i })),
    });
    try {
      const id = `cost-${Date.now()}`;
      await store.createChannel({ id, tokenHash: 'x', createdAt: 0 });
      const ids: string[] = [];
      for (let i = 0; i < 600; i += 20) {
        const batch = await Promise.all(
          Array.from({ length: 20 }, (_, j) => store.appendChecked(id, ev(i + j), limit)),
        );
        for (const r of batch) ids.push((r as { id: string }).id);
      }
      // Group commit: one transaction's ids are `rev`, `rev-1`, …; ordered as idAfter orders.
      ids.sort((a, b) => (idAfter(a, b) ? 1 : -1));
      // 600 events behind, 3 after the cursor: etcd counts the keys each range spans.
      const before = store.readKeysCounted;
      const after = await store.readAfter(id, ids[596]!, 256);
      expect(after.map((e) => e.id)).toEqual(ids.slice(597));
      expect(store.readKeysCounted - before).toBeLessThan(120);
      // Paged from the start, in order, all of them.
      const all: string[] = [];
      for (let cursor: string | null = null; ;) {
        const page = await store.readAfter(id, cursor, 256);
        if (page.length === 0) break;
        all.push(...page.map((e) => e.id));
        cursor = page[page.length - 1]!.id;
      }
      expect(all).toEqual(ids);
      expect(await store.holds(id, ids[300]!)).toBe(true);
      expect(await store.holds(id, String(BigInt(ids[0]!.split('-')[0]!) - 1n))).toBe(false);
      // The purge deletes what came before its time, and keeps the rest.
      const cutoff = Date.now() + 1;
      await new Promise((r) => setTimeout(r, 20));
      const kept = await store.appendChecked(id, ev(600), limit);
      // Every channel is purged: the other tests' events too.
      expect(await store.purgeBefore(cutoff)).toBeGreaterThanOrEqual(600);
      expect((await store.readAfter(id, null, 10)).map((e) => e.id)).toEqual([
        (kept as { id: string }).id,
      ]);
      expect(await store.holds(id, ids[599]!)).toBe(false);

      // A key written before keys carried a revision is read, in order, and purged by its time.
      const legacy = `legacy-${Date.now()}`;
      await store.createChannel({ id: legacy, tokenHash: 'x', createdAt: 0 });
      const raw = new Etcd3({ hosts: etcd.servers });
      const old = await raw
        .put(`relay/ev/${legacy}/${'1'.padStart(15, '0')}-0123456789ab`)
        .value(Buffer.concat([Buffer.from('{"r":1,"h":{}}\n'), Buffer.from('{"old":1}')]));
      raw.close();
      const next = (await store.appendChecked(legacy, ev(1), limit)) as { id: string };
      const both = await store.readAfter(legacy, null, 10);
      expect(both.map((e) => e.id)).toEqual([old.header.revision, next.id]);
      expect((await store.readAfter(legacy, old.header.revision, 10)).map((e) => e.id)).toEqual([
        next.id,
      ]);
      expect(await store.holds(legacy, old.header.revision)).toBe(true);
      expect(await store.purgeBefore(2)).toBe(1);
      expect((await store.readAfter(legacy, null, 10)).map((e) => e.id)).toEqual([next.id]);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('200 terminals connecting at once (half resuming) each get their own events, in order, once, in a few round trips', async () => {
    const store = new EtcdStore(etcd.servers);
    const relay = await startRelay({ store, adminToken: ADMIN });
    try {
      const N = 200;
      const chans = await Promise.all(
        Array.from({ length: N }, () => newRelayChannel(relay.url, ADMIN)),
      );
      // Two callbacks each; the resuming half saw the first already.
      const firsts = await Promise.all(
        chans.map((c, i) => post(relay.url, c.channelId, JSON.stringify({ i, n: 1 }))),
      );
      await Promise.all(
        chans.map((c, i) => post(relay.url, c.channelId, JSON.stringify({ i, n: 2 }))),
      );
      const before = store.readCalls;
      const got = await Promise.all(
        chans.map(async (c, i) => {
          const resume = i % 2 === 1;
          const res = await fetch(`${relay.url}/channels/${c.channelId}/events`, {
            headers: {
              authorization: `Bearer ${c.token}`,
              ...(resume && { 'last-event-id': firsts[i]!.id! }),
            },
            signal: AbortSignal.timeout(20_000),
          });
          const bodies: string[] = [];
          for await (const { data } of sseEvents(res.body)) {
            bodies.push((JSON.parse(data) as { body: string }).body);
            if (bodies.length >= (resume ? 1 : 2)) break;
          }
          return bodies;
        }),
      );
      got.forEach((bodies, i) =>
        expect(bodies).toEqual((i % 2 === 1 ? [2] : [1, 2]).map((n) => JSON.stringify({ i, n }))),
      );
      // Each terminal reads its channel and its events (and a resuming one its cursor): 500
      // reads, sent as a few read-only transactions (etcd-read-batch.ts), not one call each.
      expect(store.readCalls - before).toBeLessThan(100);
    } finally {
      await relay.close();
    }
  }, 90_000);

  it('history compacted past the watch, then its members restarted: the relay keeps running, and a listening terminal gets the next callback at once', async () => {
    const relay = await startRelayProcess({
      adminToken: ADMIN,
      store: `etcd://${etcd.servers.join(',')}`,
      args: ['--log-level', 'error'],
    });
    const ac = new AbortController();
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      expect((await post(relay.url, c.channelId, '{"n":1}')).status).toBe(200);
      // A terminal listening throughout, reconnecting from its last id if its stream ends.
      const got: string[] = [];
      void (async () => {
        let last: string | undefined;
        while (!ac.signal.aborted) {
          try {
            const res = await fetch(`${relay.url}/channels/${c.channelId}/events`, {
              headers: {
                authorization: `Bearer ${c.token}`,
                ...(last && { 'last-event-id': last }),
              },
              signal: ac.signal,
            });
            for await (const { id, data } of sseEvents(res.body)) {
              last = id;
              got.push((JSON.parse(data) as { body: string }).body);
            }
          } catch {
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      })();
      // Writes the watch does not see (channels made) move the head past its position; the
      // history is compacted there (as an operator recovering from the space quota would do),
      // then every member restarts in turn: the watch resumes below the compaction and etcd
      // cancels it.
      await newRelayChannel(relay.url, ADMIN);
      await newRelayChannel(relay.url, ADMIN);
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
      for (let i = 0; i < 3; i++) {
        await etcd.kill(i);
        await etcd.start(i);
      }
      let status = 0;
      for (const end = Date.now() + 20_000; status !== 200 && Date.now() < end;)
        status = (await post(relay.url, c.channelId, '{"n":2}').catch(() => ({ status: 0 })))
          .status;
      expect(status).toBe(200);
      // Within 5 s: through a new watch, not the 10 s watchdog or a reconnection.
      for (const end = Date.now() + 5000; got.length < 2 && Date.now() < end;)
        await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual(['{"n":1}', '{"n":2}']);
      expect(relay.child.exitCode).toBeNull();
    } finally {
      ac.abort();
      relay.child.kill('SIGKILL');
    }
  }, 90_000);

  it('started while the cluster is down: callbacks get 503 at once, then 200 once it is up', async () => {
    for (let i = 0; i < 3; i++) await etcd.kill(i);
    const relay = await startRelay({
      store: new EtcdStore(etcd.servers),
      adminToken: ADMIN,
    });
    try {
      const t0 = Date.now();
      const down = await post(relay.url, 'AAAAAAAAAAAAAAAAAAAAAA', '{}');
      expect(down.status).toBe(503);
      expect(Date.now() - t0).toBeLessThan(5000);
      await Promise.all([0, 1, 2].map((i) => etcd.start(i)));
      let c: { channelId: string; token: string } | null = null;
      for (const end = Date.now() + 30_000; !c && Date.now() < end;)
        c = await newRelayChannel(relay.url, ADMIN).catch(() => null);
      expect(c).not.toBeNull();
      expect((await post(relay.url, c!.channelId, '{"up":1}')).status).toBe(200);
    } finally {
      await relay.close();
    }
  }, 90_000);
});
