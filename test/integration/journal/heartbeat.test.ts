// A counter's heartbeat (issue 36: the owner's view shows "every counter's state"): on a real relay
// (SQLite store), a counter that sells nothing still tells the owner's Balcão it is on and what it
// is called, so Loja lists it by name as "Ligado"; a renamed counter is named anew at once; a
// counter that cannot reach the relay for hours keeps one heartbeat waiting, not hundreds.
import { afterEach, describe, expect, it } from 'vitest';
import { Heartbeat } from '../../../electron/services/journal/heartbeat';
import { appliedEntries } from '../../../electron/services/shop-view/journal-rows';
import { ShopViewService } from '../../../electron/services/shop-view/shop-view-service';
import { owner, sale, shopKey, shopRelay, terminal } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

const EVERY = 5 * 60_000;

describe('a counter’s heartbeat', () => {
  it('names a quiet counter in Loja and keeps it "on"; a rename shows at once', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const key = shopKey();
    const t1 = terminal('7c9e6679-7425-40de-944b-e07fc1f90ae7', key, () => relay.url, channel);
    const t2 = terminal('0b1e2a3c-4d5e-4f60-8172-93a4b5c6d7e8', key, () => relay.url, channel);
    const o = owner(key, relay.url, channel, [t1, t2]);
    stops.push(
      () => t1.db.close(),
      () => t2.db.close(),
      () => o.db.close(),
    );
    const clock = Date.UTC(2026, 10, 28, 15, 0);
    let name1 = 'Caixa da frente';
    const beats = [t1, t2].map(
      (t, i) =>
        new Heartbeat({
          db: t.db,
          outbox: t.outbox,
          terminal: t.id,
          name: () => (i === 0 ? name1 : 'Caixa 1'),
          now: () => clock,
          everyMs: EVERY,
          onRecorded: () => t.publisher.kick(),
        }),
    );
    for (const t of [t1, t2]) t.publisher.start();
    o.feed.start();
    stops.push(
      () => t1.publisher.stop(),
      () => t2.publisher.stop(),
      () => o.feed.stop(),
    );
    // t2 sells once; t1 sells nothing: both only beat.
    t2.outbox.record(sale(1));
    for (const b of beats) b.beat();
    await waitFor(() => o.feed.applied().length === 3);
    const view = new ShopViewService({
      entries: () => appliedEntries(o.db),
      removed: () => new Set(),
      now: () => Date.now() + 10 * 60_000,
    });
    const counters = () =>
      (
        view.view({ day: '2026-11-28', span: 'week', by: 'terminal' }) as {
          value: { counters: Array<{ name: string; recent: boolean; lastKind: string }> };
        }
      ).value.counters;
    expect(counters()).toEqual([
      expect.objectContaining({ name: 'Caixa 1', recent: true, lastKind: 'created' }),
      expect.objectContaining({
        name: 'Caixa da frente',
        recent: true,
        lastKind: 'counter-status',
      }),
    ]);
    // The same slot again: nothing new. Renamed in the same slot: the new name now.
    t1.publisher.kick();
    await waitFor(() => t1.outbox.pending() === 0);
    beats[0]!.beat();
    expect(t1.outbox.pending()).toBe(0);
    name1 = 'Caixa do fundo';
    beats[0]!.beat();
    await waitFor(() => o.feed.applied().length === 4);
    expect(counters().map((c) => c.name)).toEqual(['Caixa 1', 'Caixa do fundo']);
  });

  it('while the relay is unreachable, one heartbeat waits, not one per slot', async () => {
    const { relay, channel } = await shopRelay();
    const key = shopKey();
    let url = 'http://127.0.0.1:9'; // nothing listens: every POST fails
    const t = terminal('t1', key, () => url, channel);
    const o = owner(key, relay.url, channel, [t]);
    stops.push(
      () => relay.close(),
      () => t.db.close(),
      () => o.db.close(),
    );
    let clock = Date.UTC(2026, 10, 28, 8, 0);
    const hb = new Heartbeat({
      db: t.db,
      outbox: t.outbox,
      terminal: t.id,
      name: () => 'Caixa 2',
      now: () => clock,
      everyMs: EVERY,
      onRecorded: () => t.publisher.kick(),
    });
    t.publisher.start();
    o.feed.start();
    stops.push(
      () => t.publisher.stop(),
      () => o.feed.stop(),
    );
    // Three hours offline: 36 slots, one waiting heartbeat, and its sales all kept.
    for (let i = 0; i < 36; i++) {
      hb.beat();
      if (i % 12 === 0) t.outbox.record(sale(i + 1));
      clock += EVERY;
    }
    expect(t.outbox.pending()).toBe(4);
    // Back: everything arrives; the next slot beats again.
    url = relay.url;
    t.publisher.kick();
    await waitFor(() => o.feed.applied().length === 4);
    hb.beat();
    await waitFor(() => o.feed.applied().length === 5);
    expect(o.feed.applied().filter((e) => e.kind === 'counter-status')).toHaveLength(2);
  });
});
