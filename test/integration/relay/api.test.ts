import http from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdStore } from '../../../relay/etcd-store';
import { NatsStore } from '../../../relay/nats-store';
import { RedisStore } from '../../../relay/redis-store';
import { startRelay } from '../../../relay/server';
import { SqliteStore } from '../../../relay/sqlite-store';
import type { RelayStore } from '../../../relay/store';
import { tempDir } from '../../helpers/core';
import { startEtcdCluster } from '../../helpers/etcd';
import { startNatsCluster } from '../../helpers/nats';
import { startRedis } from '../../helpers/redis';

// The relay's HTTP interface (PSP-API.md "The relay") over real HTTP: the same suite on both
// stores: SQLite (the embedded default), Redis Streams (scale-out), NATS and etcd (replicated).
const ADMIN = 'admin-token-for-tests-0123456789';
const METRICS = 'metrics-token-for-tests-0123456789';
const sqliteModule = createRequire(import.meta.url).resolve('better-sqlite3');
let redis: Awaited<ReturnType<typeof startRedis>>;
let nats: Awaited<ReturnType<typeof startNatsCluster>>;
let etcd: Awaited<ReturnType<typeof startEtcdCluster>>;
beforeAll(async () => {
  // One cluster after the other: six engine processes starting at once on two loaded cores
  // once kept a NATS node from becoming healthy within its wait (a CI emulation under load).
  [redis, nats] = await Promise.all([startRedis(), startNatsCluster()]);
  etcd = await startEtcdCluster();
}, 120_000);
afterAll(() => Promise.all([redis?.stop(), nats?.stop(), etcd?.stop()]));

const STORES: Array<[string, () => RelayStore]> = [
  ['SQLite', () => new SqliteStore(`${tempDir()}/relay.sqlite`)],
  [
    'SQLite, commits in a writer thread',
    () => new SqliteStore(`${tempDir()}/relay.sqlite`, { writerThread: { sqliteModule } }),
  ],
  ['Redis Streams', () => new RedisStore(redis.url)],
  ['NATS JetStream, three nodes, R3', () => new NatsStore(nats.servers)],
  ['etcd, three members', () => new EtcdStore(etcd.servers)],
];
let relay: Awaited<ReturnType<typeof startRelay>>;

const admin = (path: string, method = 'POST', token = ADMIN) =>
  fetch(`${relay.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
async function channel() {
  return (await (await admin('/admin/channels')).json()) as {
    channelId: string;
    token: string;
    hookUrl: string;
  };
}
const post = (id: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${relay.url}/hooks/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

/** Opens a channel's SSE stream (from after `lastEventId`, if given); `ac` ends it. */
async function openEvents(id: string, token: string, lastEventId?: string) {
  const ac = new AbortController();
  const res = await fetch(`${relay.url}/channels/${id}/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId && { 'last-event-id': lastEventId }),
    },
    signal: ac.signal,
  });
  return { ac, res };
}

/** Reads an SSE stream until `count` events arrived. */
async function readEvents(id: string, token: string, count: number, lastEventId?: string) {
  const { ac, res } = await openEvents(id, token, lastEventId);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  const events: Array<{
    id: string;
    data: { id: string; headers: Record<string, string>; body: string };
  }> = [];
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk);
    for (const m of text.matchAll(/id: ([\d-]+)\ndata: (.*)\n\n/g))
      if (!events.some((e) => e.id === m[1])) events.push({ id: m[1]!, data: JSON.parse(m[2]!) });
    if (events.length >= count) break;
  }
  ac.abort();
  return { events, text };
}

describe.each(STORES)('the relay on %s', (_name, makeStore) => {
  beforeAll(async () => {
    relay = await startRelay({
      store: makeStore(),
      adminToken: ADMIN,
      metricsToken: METRICS,
      ratePerSec: 5,
      burst: 5,
      maxSubscribersPerChannel: 2,
      heartbeatMs: 300,
    });
  });
  afterAll(() => relay.close());

  describe('retention', () => {
    it('purges events older than the retention window, keeps newer ones', async () => {
      const store = makeStore();
      const id = `purge-${Date.now()}`;
      await store.createChannel({ id, tokenHash: 'x', createdAt: 0 });
      await store.append(id, { receivedAt: Date.now(), headers: {}, body: Buffer.from('old') });
      await new Promise((r) => setTimeout(r, 20));
      const cutoff = Date.now();
      await new Promise((r) => setTimeout(r, 20));
      await store.append(id, { receivedAt: Date.now(), headers: {}, body: Buffer.from('new') });
      expect(await store.purgeBefore(cutoff)).toBe(1);
      const left = await store.readAfter(id, null, 10);
      expect(left.map((e) => e.body.toString())).toEqual(['new']);
      await store.close();
    });
  });

  describe('admin API', () => {
    it('creates channels with unguessable ids (≥ 128 bits) and refuses without the admin token', async () => {
      expect((await admin('/admin/channels', 'POST', 'wrong')).status).toBe(401);
      const c = await channel();
      expect(Buffer.from(c.channelId, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(c.hookUrl).toBe(`${relay.url}/hooks/${c.channelId}`);
      expect(c.token.length).toBeGreaterThanOrEqual(40);
    });

    it('rotating the token locks the old one out; deleting the channel makes hooks 404', async () => {
      const c = await channel();
      const rotated = (await (await admin(`/admin/channels/${c.channelId}/rotate`)).json()) as {
        token: string;
      };
      expect(
        (
          await fetch(`${relay.url}/channels/${c.channelId}/events`, {
            headers: { authorization: `Bearer ${c.token}` },
          })
        ).status,
      ).toBe(401);
      const ok = await readEvents(c.channelId, rotated.token, 0);
      expect(ok.text).toContain(': connected');
      expect((await admin(`/admin/channels/${c.channelId}`, 'DELETE')).status).toBe(200);
      expect((await post(c.channelId, '{}')).status).toBe(404);
    });
  });

  describe('hooks and the event stream', () => {
    it('stores the body as received with its headers, answers 200 {ok, id}, streams it in order, resumes after Last-Event-ID', async () => {
      const c = await channel();
      const bodies = ['{"a": 1}', '{ "b" :2 }', 'not json at all'];
      const ids: string[] = [];
      for (const b of bodies) {
        const r = await post(c.channelId, b, { 'x-signature': 'sig', 'x-timestamp': '1' });
        expect(r.status).toBe(200);
        const j = (await r.json()) as { ok: boolean; id: string };
        expect(j.ok).toBe(true);
        ids.push(j.id);
      }
      const order = (id: string) => id.split('-').map(Number) as [number, number?];
      const sorted = [...ids].sort(
        (a, b) => order(a)[0] - order(b)[0] || (order(a)[1] ?? 0) - (order(b)[1] ?? 0),
      );
      expect(ids).toEqual(sorted);
      const all = await readEvents(c.channelId, c.token, 3);
      expect(all.events.map((e) => e.data.body)).toEqual(bodies);
      expect(all.events[0]!.data.headers['x-signature']).toBe('sig');
      expect(all.events[0]!.data.headers.authorization).toBeUndefined();
      const rest = await readEvents(c.channelId, c.token, 2, ids[0]);
      expect(rest.events.map((e) => e.id)).toEqual(ids.slice(1));
    });

    it('resuming from an event it no longer holds: a `gap` event first, then what is left', async () => {
      // An id this channel does not hold (purged, or never its own), older than its events.
      const other = await channel();
      const foreign = ((await (await post(other.channelId, '{"x":1}')).json()) as { id: string })
        .id;
      const c = await channel();
      const ids: string[] = [];
      for (const b of ['{"g":1}', '{"g":2}'])
        ids.push(((await (await post(c.channelId, b)).json()) as { id: string }).id);
      // Resuming from a held event: no gap.
      const held = await readEvents(c.channelId, c.token, 1, ids[0]);
      expect(held.text).not.toContain('event: gap');
      // From one it does not hold: told so first (the terminal then asks the PSP), then the rest.
      const gap = await readEvents(c.channelId, c.token, 2, foreign);
      expect(gap.text).toMatch(/^: connected\n\nevent: gap\ndata: \{"after":"[\d-]+"\}\n\n/);
      expect(gap.events.map((e) => e.id)).toEqual(ids);
    });

    it('keeps a body that is not UTF-8 byte for byte: base64 in the SSE data, marked as such', async () => {
      const c = await channel();
      const bytes = Buffer.concat([
        Buffer.from('{"nome":"Jo'),
        Buffer.from([0xe3, 0x6f]),
        Buffer.from('"}'),
      ]);
      const r = await fetch(`${relay.url}/hooks/${c.channelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=iso-8859-1' },
        body: new Uint8Array(bytes),
      });
      expect(r.status).toBe(200);
      const { events } = await readEvents(c.channelId, c.token, 1);
      const data = events[0]!.data as { body: string; bodyEncoding?: string };
      expect(data.bodyEncoding).toBe('base64');
      expect(Buffer.from(data.body, 'base64').equals(bytes)).toBe(true);
    });

    it('a subscriber already listening gets callbacks posted at once exactly once each, in id order, bytes exact', async () => {
      const c = await channel();
      const { ac, res } = await openEvents(c.channelId, c.token);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      const frames = () => [...text.matchAll(/id: ([\d-]+)\ndata: (.*)\n\n/g)];
      /** Reads until `enough`, the stream's end, or 10 s (the assertions then say what came). */
      const readUntil = async (enough: () => boolean) => {
        const give = setTimeout(() => ac.abort(), 10_000);
        try {
          while (!enough()) {
            const { done, value } = await reader.read();
            if (done) break;
            text += new TextDecoder().decode(value);
          }
        } catch {
          // aborted: what arrived is judged below
        } finally {
          clearTimeout(give);
        }
      };
      await readUntil(() => text.includes(': connected'));
      // Two rounds of five at once (the suite's burst), one body not UTF-8 in each.
      const sent: string[] = [];
      for (const round of [0, 1]) {
        if (round) await new Promise((r) => setTimeout(r, 1100));
        const bodies = [0, 1, 2, 3].map((i) => Buffer.from(`{"round":${round},"i":${i}}`));
        bodies.push(Buffer.from([0x7b, 0xe3, 0x6f, round, 0x7d]));
        const answers = await Promise.all(
          bodies.map((b) =>
            fetch(`${relay.url}/hooks/${c.channelId}`, { method: 'POST', body: new Uint8Array(b) }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
        sent.push(...bodies.map((b) => b.toString('base64')));
      }
      await readUntil(() => frames().length >= 10);
      await new Promise((r) => setTimeout(r, 200));
      ac.abort();
      const got = frames().map((m) => {
        const d = JSON.parse(m[2]!) as { body: string; bodyEncoding?: string };
        return {
          id: m[1]!,
          b64: Buffer.from(d.body, d.bodyEncoding ? 'base64' : 'utf8').toString('base64'),
        };
      });
      const n = (id: string) => id.split('-').map(Number);
      const ascending = got.every((g, i) => {
        if (!i) return true;
        const [a0 = 0, a1 = 0] = n(got[i - 1]!.id);
        const [b0 = 0, b1 = 0] = n(g.id);
        return b0 > a0 || (b0 === a0 && b1 > a1);
      });
      expect(ascending).toBe(true);
      expect(got.map((g) => g.b64).sort()).toEqual([...sent].sort());
    });

    it('sends a heartbeat comment while idle', async () => {
      const c = await channel();
      const { ac, res } = await openEvents(c.channelId, c.token);
      let text = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += new TextDecoder().decode(chunk);
        if (text.includes(': heartbeat')) break;
      }
      ac.abort();
      expect(text).toContain(': heartbeat');
    });

    it('clear 4xx: unknown channel 404, over 64 KiB 413, over the channel rate 429, over the subscriber cap 429', async () => {
      expect((await post('nope', '{}')).status).toBe(404);
      const c = await channel();
      expect((await post(c.channelId, 'x'.repeat(64 * 1024 + 1))).status).toBe(413);
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await post(c.channelId, '{}')).status);
      expect(statuses).toContain(429);
      const r = await post(c.channelId, '{}');
      if (r.status === 429) expect(r.headers.get('retry-after')).toBe('1');
      const open = () =>
        fetch(`${relay.url}/channels/${c.channelId}/events`, {
          headers: { authorization: `Bearer ${c.token}` },
        });
      const a = await open();
      const b = await open();
      const third = await open();
      expect([a.status, b.status, third.status]).toEqual([200, 200, 429]);
      await a.body?.cancel();
      await b.body?.cancel();
    });

    it('health, and Prometheus metrics behind a token, with latency histograms', async () => {
      expect(await (await fetch(`${relay.url}/healthz`)).json()).toEqual({ ok: true });
      // Ready: the store took a probe write.
      expect(await (await fetch(`${relay.url}/readyz`)).json()).toEqual({ ok: true });
      const metrics = (token?: string) =>
        fetch(`${relay.url}/metrics`, {
          ...(token && { headers: { authorization: `Bearer ${token}` } }),
        });
      // Nobody else's business: no token, a wrong one, a channel's own token → 401.
      expect((await metrics()).status).toBe(401);
      expect((await metrics('wrong-token-0123456789')).status).toBe(401);
      expect((await metrics((await channel()).token)).status).toBe(401);
      const c = await channel();
      expect((await post(c.channelId, '{"m":1}')).status).toBe(200);
      await readEvents(c.channelId, c.token, 1);
      const res = await metrics(METRICS);
      expect(res.status).toBe(200);
      const m = await res.text();
      expect(m).toMatch(/relay_callbacks_received_total \d+/);
      expect(m).toMatch(/relay_callbacks_rejected_total\{reason="too_large"\} 1/);
      // Buckets, so a p99 can be watched: intake→append and append→delivery.
      expect(m).toMatch(/relay_intake_to_append_seconds_bucket\{le="0\.005"\} \d+/);
      expect(m).toMatch(/relay_intake_to_append_seconds_count [1-9]\d*/);
      expect(m).toMatch(/relay_append_to_delivery_seconds_bucket\{le="\+Inf"\} [1-9]\d*/);
      expect(m).toMatch(/# TYPE relay_store_errors_total counter/);
      expect(m).toMatch(/process_cpu_seconds_total/);
      // The admin token opens it too.
      expect((await metrics(ADMIN)).status).toBe(200);
    });

    it('lists channels for the admin: id prefix, created, last event, subscribers here', async () => {
      const c = await channel();
      expect((await admin('/admin/channels', 'GET', 'wrong')).status).toBe(401);
      const before = (await (await admin('/admin/channels', 'GET')).json()) as {
        channels: Array<{ idPrefix: string; lastEventAt: string | null; createdAt: string }>;
      };
      const mine = () => before.channels.find((x) => x.idPrefix === `${c.channelId.slice(0, 6)}…`);
      expect(mine()).toMatchObject({ lastEventAt: null });
      expect(JSON.stringify(before)).not.toContain(c.channelId); // never the whole id
      const t0 = Date.now();
      expect((await post(c.channelId, '{"listed":1}')).status).toBe(200);
      const after = (await (await admin('/admin/channels', 'GET')).json()) as typeof before;
      const row = after.channels.find((x) => x.idPrefix === `${c.channelId.slice(0, 6)}…`)!;
      expect(Date.parse(row.lastEventAt!)).toBeGreaterThanOrEqual(t0 - 1000);
      expect(row).toHaveProperty('subscribersHere', 0);
    });

    it('a chunked body over 64 KiB, a 4 MiB body and a bad channel id are refused; nothing is stored, the relay goes on', async () => {
      const c = await channel();
      const { port } = new URL(relay.url);
      /** A POST with no content-length (chunked), its body sent in 16 KiB pieces. */
      const chunked = (bytes: number) =>
        new Promise<number>((resolve) => {
          const r = http.request(
            { host: '127.0.0.1', port, method: 'POST', path: `/hooks/${c.channelId}` },
            (res) => (res.resume(), resolve(res.statusCode ?? 0)),
          );
          r.on('error', () => resolve(-1));
          for (let sent = 0; sent < bytes; sent += 16_384) r.write(Buffer.alloc(16_384, 0x61));
          r.end();
        });
      expect(await chunked(80 * 1024)).toBe(413);
      // Past 1 MiB the relay stops reading: the answer is a 413 or a cut connection, never a 200.
      expect([413, -1]).toContain(await chunked(4 << 20));
      expect((await post('%E0%A4%A', '{}')).status).toBe(404);
      const ok = await post(c.channelId, '{"after":true}');
      expect(ok.status).toBe(200);
      const { events } = await readEvents(c.channelId, c.token, 1);
      expect(events.map((e) => e.data.body)).toEqual(['{"after":true}']);
    });
  });
});
