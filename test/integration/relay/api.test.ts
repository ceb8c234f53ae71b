import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../../../relay/redis-store';
import { startRelay } from '../../../relay/server';
import { SqliteStore } from '../../../relay/sqlite-store';
import type { RelayStore } from '../../../relay/store';
import { tempDir } from '../../helpers/core';
import { startRedis } from '../../helpers/redis';

// The relay's HTTP interface (PSP-API.md "The relay") over real HTTP: the same suite on both
// stores, SQLite (the embedded default) and Redis Streams (scale-out).
const ADMIN = 'admin-token-for-tests-0123456789';
const sqliteModule = createRequire(import.meta.url).resolve('better-sqlite3');
let redis: Awaited<ReturnType<typeof startRedis>>;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

const STORES: Array<[string, () => RelayStore]> = [
  ['SQLite', () => new SqliteStore(`${tempDir()}/relay.sqlite`)],
  [
    'SQLite, commits in a writer thread',
    () => new SqliteStore(`${tempDir()}/relay.sqlite`, { writerThread: { sqliteModule } }),
  ],
  ['Redis Streams', () => new RedisStore(redis.url)],
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

/** Reads an SSE stream until `count` events arrived. */
async function readEvents(id: string, token: string, count: number, lastEventId?: string) {
  const ac = new AbortController();
  const res = await fetch(`${relay.url}/channels/${id}/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId && { 'last-event-id': lastEventId }),
    },
    signal: ac.signal,
  });
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

    it('sends a heartbeat comment while idle', async () => {
      const c = await channel();
      const ac = new AbortController();
      const res = await fetch(`${relay.url}/channels/${c.channelId}/events`, {
        headers: { authorization: `Bearer ${c.token}` },
        signal: ac.signal,
      });
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

    it('health and Prometheus metrics', async () => {
      expect(await (await fetch(`${relay.url}/healthz`)).json()).toEqual({ ok: true });
      const m = await (await fetch(`${relay.url}/metrics`)).text();
      expect(m).toMatch(/relay_callbacks_received_total \d+/);
      expect(m).toMatch(/relay_callbacks_rejected_total\{reason="too_large"\} 1/);
      expect(m).toMatch(/relay_store_append_seconds_count \d+/);
    });
  });
});
