import { copyFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEntry } from '../../../electron/services/journal/entry';
import { seal } from '../../../electron/services/journal/seal';
import { startRelay } from '../../../relay/server';
import { SqliteStore } from '../../../relay/sqlite-store';
import { tempDir } from '../../helpers/core';
import {
  ADMIN,
  owner,
  sale,
  shopKey,
  shopRelay,
  terminal,
  type Relay,
} from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';

// The shop journal's transport (issue 36, Deliver 3) on a real relay (SQLite store): terminals
// seal facts into their ledger's outbox, publishers POST them to the shop channel, the owner's
// feed reads the channel as SSE and keeps what authenticates, in each terminal's order.
const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

const post = (url: string, channelId: string, token: string, body: unknown) =>
  fetch(`${url}/channels/${channelId}/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe('shop channel on the relay', () => {
  it('takes a sealed entry only with the shop token and only as an envelope', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const key = shopKey();
    const t = terminal('t1', key, () => relay.url, channel);
    stops.push(() => t.db.close());
    t.outbox.record(sale(1));
    const env = t.outbox.unsent()[0]!.envelope;
    expect((await post(relay.url, channel.channelId, 'wrong-token', env)).status).toBe(401);
    const bad = await post(relay.url, channel.channelId, channel.token, { hello: 'world' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_ENTRY' });
    const ok = await post(relay.url, channel.channelId, channel.token, env);
    expect(ok.status).toBe(201);
  });
});

describe('terminal → relay → owner', () => {
  it('delivers every fact in order; the relay holds only ciphertext', async () => {
    const dir = tempDir();
    const { relay, channel } = await shopRelay(() => new SqliteStore(`${dir}/relay.sqlite`));
    stops.push(() => relay.close());
    const key = shopKey();
    const t1 = terminal('t1', key, () => relay.url, channel);
    const t2 = terminal('t2', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1, t2]);
    stops.push(
      () => t1.db.close(),
      () => t2.db.close(),
      () => o.db.close(),
    );
    t1.publisher.start();
    t2.publisher.start();
    o.feed.start();
    stops.push(
      () => t1.publisher.stop(),
      () => t2.publisher.stop(),
      () => o.feed.stop(),
    );
    for (let n = 1; n <= 10; n++) {
      (n % 2 ? t1 : t2).outbox.record(sale(n));
      (n % 2 ? t1 : t2).publisher.kick();
    }
    await waitFor(() => o.feed.applied().length === 10);
    const got = o.feed.applied();
    for (const id of ['t1', 't2']) {
      const seqs = got.filter((e) => e.terminal === id).map((e) => e.seq);
      expect(seqs).toEqual([1, 2, 3, 4, 5]);
    }
    expect(got.map((e) => e.amountCents).sort()).toEqual(
      [...Array(10).keys()].map((i) => 1001 + i).sort(),
    );
    expect(got[0]!.payer).toBe('Maria S. ***.456.***-**');
    // What the relay stored: no amount, no payer, no subject in its SQLite file.
    await relay.close();
    stops.pop();
    stops.unshift(() => undefined);
    const raw = new Database(`${dir}/relay.sqlite`, { readonly: true });
    const bodies = (raw.prepare('SELECT body FROM events').all() as Array<{ body: Buffer }>)
      .map((r) => r.body.toString())
      .join('\n');
    raw.close();
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies).not.toMatch(/Maria|1001|charge-1|456/);
  });

  it('keeps selling while the relay is down and catches up in order when it is back', async () => {
    const dir = tempDir();
    let relay: Relay = await startRelay({
      store: new SqliteStore(`${dir}/relay.sqlite`),
      adminToken: ADMIN,
    });
    const port = relay.port;
    const channel = await (
      await import('../../helpers/relay-channel')
    ).newRelayChannel(relay.url, ADMIN);
    const key = shopKey();
    const t1 = terminal('t1', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1]);
    stops.push(
      () => t1.db.close(),
      () => o.db.close(),
    );
    t1.publisher.start();
    o.feed.start();
    stops.push(
      () => t1.publisher.stop(),
      () => o.feed.stop(),
    );
    t1.outbox.record(sale(1));
    t1.publisher.kick();
    await waitFor(() => o.feed.applied().length === 1);
    await relay.close();
    for (let n = 2; n <= 30; n++) {
      t1.outbox.record(sale(n));
      t1.publisher.kick();
    }
    // Offline: nothing sent, nothing lost.
    await new Promise((r) => setTimeout(r, 300));
    expect(t1.outbox.pending()).toBe(29);
    relay = await startRelay({
      store: new SqliteStore(`${dir}/relay.sqlite`),
      adminToken: ADMIN,
      port,
    });
    stops.push(() => relay.close());
    await waitFor(() => o.feed.applied().length === 30, 20_000);
    expect(o.feed.applied().map((e) => e.seq)).toEqual([...Array(30).keys()].map((i) => i + 1));
    expect(t1.outbox.pending()).toBe(0);
  });

  it('drops a second copy of a sent entry and does not republish a restored backup twice', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const key = shopKey();
    const t1 = terminal('t1', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1]);
    stops.push(() => o.db.close());
    o.feed.start();
    stops.push(() => o.feed.stop());
    for (let n = 1; n <= 3; n++) t1.outbox.record(sale(n));
    // A backup taken now: three facts recorded, none sent yet.
    const backup = path.join(tempDir(), 'backup.sqlite');
    await t1.db.backup(backup);
    t1.publisher.start();
    await waitFor(() => o.feed.applied().length === 3);
    await t1.publisher.stop();
    t1.db.close();
    // A POST retried after its answer was lost: the same bytes again.
    const env = new Database(backup, { readonly: true })
      .prepare('SELECT envelope FROM journal_outbox WHERE seq = 2')
      .get() as { envelope: string };
    expect(
      (await post(relay.url, channel.channelId, channel.token, JSON.parse(env.envelope))).status,
    ).toBe(201);
    // The terminal restored from the backup: its outbox says 1-3 unsent; it sends them again,
    // and the sale rung again after the restore (same charge, same entry id) is not recorded twice.
    const restored = path.join(tempDir(), 'restored.sqlite');
    copyFileSync(backup, restored);
    const t1b = terminal('t1', key, () => relay.url, channel, {
      file: restored,
      signing: t1.signing,
      publicPem: t1.publicPem,
    });
    stops.push(() => t1b.db.close());
    expect(t1b.outbox.record(sale(2))).toMatchObject({ ok: true, seq: 2, duplicate: true });
    t1b.publisher.start();
    stops.push(() => t1b.publisher.stop());
    await waitFor(() => t1b.outbox.pending() === 0);
    await waitFor(() => o.feed.counts().redelivered === 4);
    expect(o.feed.applied()).toHaveLength(3);
    const c = o.feed.counts();
    expect(c.replayed + c['duplicate-id'] + c.forged + c.tampered).toBe(0);
  });

  it('resumes the owner view from its cursor after a restart, nothing applied twice', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const key = shopKey();
    const t1 = terminal('t1', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1]);
    stops.push(
      () => t1.db.close(),
      () => o.db.close(),
    );
    t1.publisher.start();
    stops.push(() => t1.publisher.stop());
    o.feed.start();
    for (let n = 1; n <= 4; n++) t1.outbox.record(sale(n));
    t1.publisher.kick();
    await waitFor(() => o.feed.applied().length === 4);
    o.feed.stop();
    for (let n = 5; n <= 8; n++) t1.outbox.record(sale(n));
    t1.publisher.kick();
    await waitFor(() => t1.outbox.pending() === 0);
    const again = owner(key, relay.url, channel, [], { db: o.db });
    let events = 0;
    const countingFetch: typeof fetch = (input, init) => {
      events++;
      return fetch(input, init);
    };
    (again.feed as unknown as { d: { fetch: typeof fetch } }).d.fetch = countingFetch;
    again.feed.start();
    stops.push(() => again.feed.stop());
    await waitFor(() => again.feed.applied().length === 8);
    expect(again.feed.applied().map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(again.feed.counts().redelivered + again.feed.counts().replayed).toBe(0);
    expect(events).toBeGreaterThan(0);
  });
});

describe('refusals through the relay, counted', () => {
  it('refuses forged, replayed, other-key and removed-terminal entries and applies none', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const key = shopKey();
    const t1 = terminal('t1', key, () => relay.url, channel);
    const t2 = terminal('t2', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1, t2]);
    stops.push(
      () => t1.db.close(),
      () => t2.db.close(),
      () => o.db.close(),
    );
    o.feed.start();
    stops.push(() => o.feed.stop());
    const send = (env: unknown) => post(relay.url, channel.channelId, channel.token, env);
    const entry = (term: string, seq: number, n: number) => {
      const b = buildEntry(sale(n), term, seq);
      if (!b.ok) throw new Error('bad fact');
      return b.entry;
    };
    // Genuine: t1 seq 1.
    await send(seal(entry('t1', 1, 1), key, t1.signing));
    // Forged: t2 writes as t1 (signs with its own key).
    await send(seal(entry('t1', 2, 2), key, t2.signing));
    // Replayed: t1's seq 1 again, another fact under it.
    await send(seal(entry('t1', 1, 3), key, t1.signing));
    // Another shop key (same shop id and epoch): authenticated by nobody here.
    await send(seal(entry('t1', 2, 4), shopKey('loja-1', 1), t1.signing));
    // Removed: the owner removes t2 having read nothing from it.
    o.db.prepare('UPDATE journal_members SET last_seq = 0 WHERE terminal = ?').run('t2');
    o.feed.loadMembers();
    await send(seal(entry('t2', 1, 5), key, t2.signing));
    // And t1's genuine seq 2 after all that.
    await send(seal(entry('t1', 2, 6), key, t1.signing));
    await waitFor(() => o.feed.applied().length === 2 && o.feed.cursor() !== undefined);
    await waitFor(() => {
      const c = o.feed.counts();
      return c.forged + c.replayed + c.tampered + c['removed-terminal'] === 4;
    });
    const c = o.feed.counts();
    expect({
      forged: c.forged,
      replayed: c.replayed,
      tampered: c.tampered,
      removed: c['removed-terminal'],
    }).toEqual({ forged: 1, replayed: 1, tampered: 1, removed: 1 });
    expect(o.feed.applied().map((e) => e.subject)).toEqual(['charge-1', 'charge-6']);
  });
});
