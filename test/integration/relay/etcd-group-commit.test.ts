import { Etcd3 } from 'etcd3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdStore } from '../../../relay/etcd-store';
import { startRelay } from '../../../relay/server';
import { idAfter, type StoredEvent } from '../../../relay/store';
import { startEtcdCluster } from '../../helpers/etcd';
import { newRelayChannel } from '../../helpers/relay-channel';

// Group commit on etcd (issue 38, Deliver 4): the callbacks of one event-loop turn are one
// transaction, one revision; each keeps its own id (`rev`, `rev-1`, …), its order, its dedupe,
// and is answered only with its transaction's outcome. A real three-member cluster.
const ADMIN = 'etcd-group-commit-admin-token-0123';
const LIMIT = { ratePerSec: 1e6, burst: 1e6 };
let etcd: Awaited<ReturnType<typeof startEtcdCluster>>;
beforeAll(async () => {
  etcd = await startEtcdCluster();
}, 60_000);
afterAll(() => etcd?.stop());

const ev = (body: string, headers: Record<string, string> = {}): Omit<StoredEvent, 'id'> => ({
  receivedAt: Date.now(),
  headers,
  body: Buffer.from(body),
});
const idOf = (o: unknown) => (o as { id: string }).id;

/** What a terminal gets on `GET /channels/{id}/events` (with a Last-Event-ID), until `n` frames. */
async function terminal(
  url: string,
  c: { channelId: string; token: string },
  n: number,
  lastEventId?: string,
) {
  const frames: Array<{ event?: string; id?: string; body?: string }> = [];
  const res = await fetch(`${url}/channels/${c.channelId}/events`, {
    headers: {
      authorization: `Bearer ${c.token}`,
      ...(lastEventId && { 'last-event-id': lastEventId }),
    },
    signal: AbortSignal.timeout(8000),
  });
  let text = '';
  const dec = new TextDecoder();
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += dec.decode(chunk, { stream: true });
      let k;
      while ((k = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, k);
        text = text.slice(k + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        frames.push({ event, id, body: id ? (JSON.parse(data) as { body: string }).body : '' });
      }
      if (frames.length >= n) break;
    }
  } catch {
    /* timed out: the assertions say what came */
  }
  return frames;
}

describe('group commit on etcd', () => {
  it('callbacks of one turn share one transaction: distinct ids in order, a copy is one event, an unknown channel refused apart', async () => {
    const store = new EtcdStore(etcd.servers);
    const relay = await startRelay({ store, adminToken: ADMIN });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      const other = await newRelayChannel(relay.url, ADMIN);
      // Warm up (the dedupe lease; both channels known to this instance), then one turn's.
      const warm = idOf(await store.appendChecked(c.channelId, ev('{"warm":1}'), LIMIT));
      await store.appendChecked(other.channelId, ev('{"warm":2}'), LIMIT);
      const calls = store.appendCalls;
      const retries = store.appendRetries;
      const out = await Promise.all([
        store.appendChecked(c.channelId, ev('{"txid":"a"}'), LIMIT),
        store.appendChecked(other.channelId, ev('{"txid":"x"}'), LIMIT),
        store.appendChecked(c.channelId, ev('{"txid":"b"}'), LIMIT),
        store.appendChecked(c.channelId, ev('{"txid":"a"}'), LIMIT), // the same event again
        store.appendChecked('no-such-channel', ev('{"txid":"c"}'), LIMIT),
        store.appendChecked(c.channelId, ev('{"txid":"c"}'), LIMIT),
      ]);
      expect(store.appendCalls - calls).toBe(1);
      expect(out[4]).toEqual({ refused: 'unknown_channel' });
      // The made-up channel went apart: the real ones' transaction was not refused and re-sent.
      expect(store.appendRetries - retries).toBe(0);
      const [a, x, b, a2, , cc] = out.map(idOf);
      // One revision, each its own place in it.
      const rev = a!.split('-')[0]!;
      expect([a, x, b, cc]).toEqual([rev, `${rev}-1`, `${rev}-2`, `${rev}-3`]);
      expect(a2).toBe(a);
      // A terminal reading from the start gets them in that order, once, with those ids.
      const got = await terminal(relay.url, c, 4);
      expect(got.map((f) => [f.id, f.body])).toEqual([
        [warm, '{"warm":1}'],
        [a, '{"txid":"a"}'],
        [b, '{"txid":"b"}'],
        [cc, '{"txid":"c"}'],
      ]);
      // Sent again later, alone: held, answered its first id.
      expect(idOf(await store.appendChecked(c.channelId, ev('{"txid":"b"}'), LIMIT))).toBe(b);
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('a listening terminal gets one transaction’s events from the watch in order, once; another resumes from the middle of it', async () => {
    const store = new EtcdStore(etcd.servers);
    const relay = await startRelay({ store, adminToken: ADMIN });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      const before = idOf(await store.appendChecked(c.channelId, ev('{"n":0}'), LIMIT));
      const listening = terminal(relay.url, c, 5, before);
      await new Promise((r) => setTimeout(r, 500)); // connected and caught up
      const ids = (
        await Promise.all(
          [1, 2, 3, 4, 5].map((n) => store.appendChecked(c.channelId, ev(`{"n":${n}}`), LIMIT)),
        )
      ).map(idOf);
      expect(new Set(ids.map((id) => id.split('-')[0])).size).toBe(1);
      for (let i = 1; i < ids.length; i++) expect(idAfter(ids[i]!, ids[i - 1]!)).toBe(true);
      const live = await listening;
      expect(live.map((f) => f.id)).toEqual(ids);
      expect(live.map((f) => f.body)).toEqual([1, 2, 3, 4, 5].map((n) => `{"n":${n}}`));

      // Resumed from the middle of the transaction: the rest of it, then what came after; no gap.
      const after = idOf(await store.appendChecked(c.channelId, ev('{"n":6}'), LIMIT));
      const resumed = await terminal(relay.url, c, 3, ids[2]);
      expect(resumed.map((f) => f.event ?? f.id)).toEqual([ids[3], ids[4], after]);
      // From the transaction's first event (an id of the old form, a plain revision).
      const fromFirst = await terminal(relay.url, c, 5, ids[0]);
      expect(fromFirst.map((f) => f.event ?? f.id)).toEqual([...ids.slice(1), after]);
      // From an event written one to a transaction before (the old form): everything after it.
      const fromOld = await terminal(relay.url, c, 6, before);
      expect(fromOld.map((f) => f.event ?? f.id)).toEqual([...ids, after]);
      // A place the transaction never had is no event: the terminal is told `gap`.
      expect(await store.holds(c.channelId, ids[4]!)).toBe(true);
      expect(await store.holds(c.channelId, `${ids[0]}-9`)).toBe(false);
      const forged = await terminal(relay.url, c, 1, `${ids[0]}-9`);
      expect(forged[0]?.event).toBe('gap');
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('an instance that had seen little (its events keyed far below their revision): a resume from the middle of its transaction still gets the rest', async () => {
    // A window of 2 revisions: writes it never saw (another client's) put its K outside it.
    const store = new EtcdStore(etcd.servers, { keyWindow: 2 });
    const raw = new Etcd3({ hosts: etcd.servers });
    try {
      const id = `lag-${Date.now()}`;
      await store.createChannel({ id, tokenHash: 'x', createdAt: 0 });
      await store.appendChecked(id, ev('{"n":0}'), LIMIT);
      for (let i = 0; i < 5; i++) await raw.put(`unrelated/${i}`).value('x');
      const ids = (
        await Promise.all([1, 2, 3].map((n) => store.appendChecked(id, ev(`{"n":${n}}`), LIMIT)))
      ).map(idOf);
      expect((await store.readAfter(id, ids[0]!, 10)).map((e) => e.id)).toEqual(ids.slice(1));
      expect((await store.readAfter(id, ids[1]!, 10)).map((e) => e.id)).toEqual(ids.slice(2));
      expect(await store.holds(id, ids[1]!)).toBe(true);
    } finally {
      raw.close();
      await store.close();
    }
  }, 60_000);

  it('a transaction etcd refuses (over its 1.5 MiB request limit): each of its callbacks fails, nothing of them is stored, each alone then goes in', async () => {
    // Batches allowed above etcd's limit, so that two large callbacks make one refused request.
    const store = new EtcdStore(etcd.servers, { groupCommit: { maxBytes: 8 * 1024 * 1024 } });
    const relay = await startRelay({ store, adminToken: ADMIN });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      const big = (tag: string) => ev(JSON.stringify({ txid: tag, pad: 'x'.repeat(900_000) }));
      const calls = store.appendCalls;
      const both = await Promise.allSettled([
        store.appendChecked(c.channelId, big('p'), LIMIT),
        store.appendChecked(c.channelId, big('q'), LIMIT),
      ]);
      expect(store.appendCalls - calls).toBe(1);
      expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(String((both[0] as PromiseRejectedResult).reason)).toMatch(/too large/i);
      expect(await store.readAfter(c.channelId, null, 10)).toEqual([]);
      // Their dedupe keys were not written either: each alone is stored, not "held".
      const p = await store.appendChecked(c.channelId, big('p'), LIMIT);
      const q = await store.appendChecked(c.channelId, big('q'), LIMIT);
      const stored = await store.readAfter(c.channelId, null, 10);
      expect(stored.map((e) => e.id)).toEqual([idOf(p), idOf(q)]);
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('through the relay: a callback whose transaction etcd refuses is answered 503 and not stored', async () => {
    const store = new EtcdStore(etcd.servers);
    const relay = await startRelay({ store, adminToken: ADMIN, maxBodyBytes: 4 * 1024 * 1024 });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      const post = (body: string) =>
        fetch(`${relay.url}/hooks/${c.channelId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      const tooBig = await post(JSON.stringify({ txid: 'big', pad: 'x'.repeat(1_700_000) }));
      expect(tooBig.status).toBe(503);
      const ok = await post('{"txid":"small"}');
      expect(ok.status).toBe(200);
      // The first event a terminal gets is the small one: the big one was not stored.
      const got = await terminal(relay.url, c, 1);
      expect(got.map((f) => f.body)).toEqual(['{"txid":"small"}']);
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('an instance hands its own committed events to its listeners on etcd’s answer, not after its watch; with two instances writing one channel, each one’s listeners get every event once, in id order', async () => {
    const a = new EtcdStore(etcd.servers);
    const b = new EtcdStore(etcd.servers);
    const relay = await startRelay({ store: a, adminToken: ADMIN });
    try {
      const c = await newRelayChannel(relay.url, ADMIN);
      // What each instance's subscribers would be handed, in that order.
      const seen = { a: [] as string[], b: [] as string[] };
      a.onAppend((ch, evs) => ch === c.channelId && seen.a.push(...(evs ?? []).map((e) => e.id)));
      b.onAppend((ch, evs) => ch === c.channelId && seen.b.push(...(evs ?? []).map((e) => e.id)));
      const until = async (ok: () => boolean) => {
        for (let t = 0; !ok() && t < 300; t++) await new Promise((r) => setTimeout(r, 50));
      };
      // The channel's first event comes by the watch (no earlier event to order it after).
      const first = idOf(await a.appendChecked(c.channelId, ev('{"n":0}'), LIMIT));
      await until(() => seen.a.includes(first));
      // Each next one is handed over before its answer returns (on that answer, or by the watch
      // when it came first): its predecessor was. Without the hand-over on commit, the watch
      // came first for 6 of 20 here.
      let before = 0;
      for (let n = 1; n <= 20; n++) {
        const id = idOf(await a.appendChecked(c.channelId, ev(`{"n":${n}}`), LIMIT));
        if (seen.a.includes(id)) before++;
      }
      expect(before).toBe(20);
      expect(a.handedOnCommit).toBeGreaterThan(0);
      // Both instances at once, interleaved on one channel: what one commits on its answer must
      // not overtake the other's earlier events, nor come again with its watch.
      const ids = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          (i % 2 ? a : b).appendChecked(c.channelId, ev(`{"m":${i}}`), LIMIT).then(idOf),
        ),
      );
      const all = [first, ...seen.a.slice(1, 21), ...ids];
      await until(() => seen.a.length >= all.length && seen.b.length >= all.length - 21);
      const inOrder = (l: string[]) => l.every((id, i) => i === 0 || idAfter(id, l[i - 1]!));
      expect(new Set(seen.a).size).toBe(seen.a.length);
      expect(new Set(seen.b).size).toBe(seen.b.length);
      expect(inOrder(seen.a)).toBe(true);
      expect(inOrder(seen.b)).toBe(true);
      expect(new Set(seen.a)).toEqual(new Set(all));
      expect(seen.b.slice(-300).sort()).toEqual([...ids].sort());
    } finally {
      await relay.close();
      await b.close();
    }
  }, 60_000);
});
