// A restored backup numbers on (issue 36, "a restored backup does not publish old facts twice"):
// a real relay (SQLite store), real SQLite ledgers, the ledger file copied back as a restore does.
// Facts published after the backup are gone from the restored ledger; the terminal learns its own
// published seqs from the shop channel before sending, so its new facts are not refused as replayed
// and nothing reaches the owner twice.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalPublisher } from '../../../electron/services/journal/publisher';
import { resumeBeforeSending } from '../../../electron/services/journal/resume';
import { tempDir } from '../../helpers/core';
import { owner, sale, shopKey, shopRelay, terminal } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

describe('a restored backup', () => {
  it('numbers on above what it published: the owner applies the new sales, none twice or refused', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const key = shopKey();
    const t1 = terminal('t1', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1]);
    stops.push(() => o.db.close());
    o.feed.start();
    stops.push(() => o.feed.stop());
    t1.publisher.start();
    for (let n = 1; n <= 2; n++) t1.outbox.record(sale(n));
    t1.publisher.kick();
    await waitFor(() => t1.outbox.pending() === 0);
    await t1.publisher.stop();
    // Sale 3 recorded, not yet sent: the backup holds it unsent.
    t1.outbox.record(sale(3));
    const backup = path.join(tempDir(), 'backup.sqlite');
    await t1.db.backup(backup);
    // After the backup: sale 3 and two more published (seqs 3, 4, 5), then the disk is lost.
    t1.publisher.start();
    for (let n = 4; n <= 5; n++) t1.outbox.record(sale(n));
    t1.publisher.kick();
    await waitFor(() => o.feed.applied().length === 5);
    await t1.publisher.stop();
    t1.db.close();

    const restored = path.join(tempDir(), 'restored.sqlite');
    copyFileSync(backup, restored);
    const t1b = terminal('t1', key, () => relay.url, channel, {
      file: restored,
      signing: t1.signing,
      publicPem: t1.publicPem,
    });
    stops.push(() => t1b.db.close());
    const publisher = new JournalPublisher({
      outbox: t1b.outbox,
      relayUrl: relay.url,
      channelId: channel.channelId,
      token: async () => channel.token,
      baseDelayMs: 20,
      maxDelayMs: 200,
      prepare: () =>
        resumeBeforeSending({
          db: t1b.db,
          keys: () => ({ shopKey: key, signingKey: t1.signing }),
          relayUrl: relay.url,
          channelId: channel.channelId,
          token: async () => channel.token,
          terminal: 't1',
          quietMs: 300,
        }),
    });
    publisher.start();
    stops.push(() => publisher.stop());
    // Two new sales after the restore.
    await waitFor(() => t1b.outbox.pending() === 0);
    const six = t1b.outbox.record(sale(6));
    const seven = t1b.outbox.record(sale(7));
    publisher.kick();
    await waitFor(() => t1b.outbox.pending() === 0);
    await waitFor(() => o.feed.applied().length === 7);

    expect([six, seven]).toMatchObject([{ seq: 6 }, { seq: 7 }]);
    const applied = o.feed.applied();
    expect(applied.map((e) => e.subject)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `charge-${n}`));
    expect(applied.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const c = o.feed.counts();
    // Sale 3 (unsent in the backup, published after it) was not sent a second time.
    expect(c.replayed + c.redelivered + c['duplicate-id'] + c.forged + c.tampered).toBe(0);
  });

  it('renumbers an unsent fact whose seq another published entry took, sealed again', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const key = shopKey();
    const t1 = terminal('t1', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1]);
    stops.push(() => o.db.close());
    o.feed.start();
    stops.push(() => o.feed.stop());
    t1.outbox.record(sale(1));
    const backup = path.join(tempDir(), 'backup.sqlite');
    await t1.db.backup(backup);
    t1.publisher.start();
    for (let n = 2; n <= 4; n++) t1.outbox.record(sale(n));
    t1.publisher.kick();
    await waitFor(() => o.feed.applied().length === 4);
    await t1.publisher.stop();
    t1.db.close();

    const restored = path.join(tempDir(), 'restored.sqlite');
    copyFileSync(backup, restored);
    const t1b = terminal('t1', key, () => relay.url, channel, {
      file: restored,
      signing: t1.signing,
      publicPem: t1.publicPem,
    });
    stops.push(() => t1b.db.close());
    // Recorded while the relay was not yet read (offline after the restore): seq 2, taken.
    expect(t1b.outbox.record(sale(9))).toMatchObject({ seq: 2 });
    const publisher = new JournalPublisher({
      outbox: t1b.outbox,
      relayUrl: relay.url,
      channelId: channel.channelId,
      token: async () => channel.token,
      baseDelayMs: 20,
      maxDelayMs: 200,
      prepare: () =>
        resumeBeforeSending({
          db: t1b.db,
          keys: () => ({ shopKey: key, signingKey: t1.signing }),
          relayUrl: relay.url,
          channelId: channel.channelId,
          token: async () => channel.token,
          terminal: 't1',
          quietMs: 300,
        }),
    });
    publisher.start();
    stops.push(() => publisher.stop());
    await waitFor(() => o.feed.applied().length === 5);
    const applied = o.feed.applied();
    expect(applied.map((e) => [e.seq, e.subject])).toEqual([
      [1, 'charge-1'],
      [2, 'charge-2'],
      [3, 'charge-3'],
      [4, 'charge-4'],
      [5, 'charge-9'],
    ]);
    const c = o.feed.counts();
    expect(c.replayed + c['duplicate-id'] + c.forged + c.tampered).toBe(0);
  });
});
