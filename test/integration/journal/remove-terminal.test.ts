// Removing a terminal (issue 36: "a terminal removed from the shop stops being able to write"; bad
// input "an entry signed by a removed terminal"): a real relay (SQLite store), real SQLite ledgers.
// The owner removes t2 after reading its first two sales: those stay in the owner's figures, and
// t2's next sale — validly signed with its own key and the shop key — is refused and counted.
import { afterEach, describe, expect, it } from 'vitest';
import { removeMember } from '../../../electron/services/journal/removal';
import { owner, sale, shopKey, shopRelay, terminal } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

describe('removing a terminal', () => {
  it("refuses and counts the removed terminal's next entry; its earlier sales stay", async () => {
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
    for (const t of [t1, t2]) {
      t.publisher.start();
      stops.push(() => t.publisher.stop());
    }
    t2.outbox.record(sale(1));
    t2.outbox.record(sale(2));
    t2.publisher.kick();
    await waitFor(() => o.feed.applied().length === 2);

    expect(removeMember(o.db, 't2', 'owner')).toMatchObject({ ok: true, value: { lastSeq: 2 } });
    o.feed.loadMembers();
    // A second removal does not move the point; unknown and self are said in words (codes).
    expect(removeMember(o.db, 't2', 'owner')).toMatchObject({ ok: true, value: { lastSeq: 2 } });
    expect(removeMember(o.db, 'nobody', 'owner')).toMatchObject({ code: 'SHOP_TERMINAL_UNKNOWN' });
    expect(removeMember(o.db, 'owner', 'owner')).toMatchObject({ code: 'SHOP_TERMINAL_SELF' });

    t2.outbox.record(sale(3));
    t2.publisher.kick();
    t1.outbox.record(sale(4));
    t1.publisher.kick();
    await waitFor(() => o.feed.counts()['removed-terminal'] === 1);
    await waitFor(() => o.feed.applied().some((e) => e.terminal === 't1'));
    const applied = o.feed.applied();
    expect(applied.map((e) => [e.terminal, e.subject])).toEqual([
      ['t2', 'charge-1'],
      ['t2', 'charge-2'],
      ['t1', 'charge-4'],
    ]);
    expect(t2.outbox.pending()).toBe(0); // the relay stored it: only the shop's readers refuse it
  });
});
