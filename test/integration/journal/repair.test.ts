// Re-pairing a counter (issue 36): a counter already in the shop — or one paired before the
// owner's key travelled in the grant — pairs again with a fresh code from the owner, without
// losing its ledger: its sales stay, a sale recorded while it was cut off (unsent, signed with the
// old key) reaches the owner re-signed with the new key, its terminal id is kept, and from then on
// it gets the owner's roster.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/services/core/app-core-types';
import { payer } from '../../helpers/core';
import { shopRelay } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';
import { appliedFrom, shopCore } from '../../helpers/shop-cores';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

async function code(owner: AppCore) {
  const made = owner.journal.pairingCode();
  if (!made.ok) throw new Error(made.code);
  return made.value;
}

describe('re-pairing a counter', () => {
  it('a counter paired before the owner key existed pairs again: same terminal, sales kept, unsent sale delivered, roster arrives', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const owner = (await shopCore()).core;
    stops.push(() => owner.stop());
    expect((await owner.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);
    const t = await shopCore();
    stops.push(() => t.core.stop());
    const first = await code(owner);
    expect((await t.core.journal.join(first.address, first.code)).ok).toBe(true);
    const terminal = t.core.terminalId;
    const sold = await t.core.charges.create({ amountCents: 1_500, payer });
    if (!sold.ok) throw new Error(sold.code);
    await waitFor(() => appliedFrom(owner, terminal).some((e) => e.subject === sold.value.id));

    // As paired before the grant carried the owner's key: no roster feed.
    await t.core.journal.stop();
    t.core.ledger.kv.delete('journal.owner');
    // Cut off (its journal stopped): a sale goes to the outbox, signed with the current key.
    const offline = await t.core.charges.create({ amountCents: 2_700, payer });
    if (!offline.ok) throw new Error(offline.code);
    expect(t.core.journal.outbox.pending()).toBeGreaterThan(0);
    t.core.journal.start();
    expect(t.core.journal.rosterFeed()).toBeNull();
    // The owner on her Balcão meanwhile.
    const ana = await owner.operators.add({ name: 'Ana Souza', pin: '4826', role: 'cashier' });
    if (!ana.ok) throw new Error(ana.code);

    const oldSigning = await t.secrets.get('journal.signingKey');
    const again = await code(owner);
    expect(await t.core.journal.join(again.address, again.code)).toEqual({
      ok: true,
      value: { shop: owner.journal.status().shop },
    });
    // Same terminal id, a new signing key; its ledger untouched.
    expect(t.core.terminalId).toBe(terminal);
    expect(await t.secrets.get('journal.signingKey')).not.toBe(oldSigning);
    expect(t.core.ledger.charges.get(sold.value.id)?.amountCents).toBe(1_500);
    // The sale made while cut off reaches the owner, after the first, in order, not refused.
    const got = await waitFor(() => {
      const e = appliedFrom(owner, terminal).filter((x) => x.kind === 'created');
      return e.length === 2 && e;
    });
    expect(got.map((e) => [e.subject, e.amountCents])).toEqual([
      [sold.value.id, 1_500],
      [offline.value.id, 2_700],
    ]);
    expect(owner.journal.status().refused).toEqual({});
    // Now it has the owner's key: the roster reaches it.
    await waitFor(() => t.core.operators.roster().some((o) => o.id === ana.value.id));
    expect((await t.core.operators.enter(ana.value.id, '4826')).ok).toBe(true);
    // A used code does not pair it a third time.
    expect(await t.core.journal.join(again.address, again.code)).toMatchObject({ ok: false });
    // The owner's own Balcão cannot "re-pair" into its shop.
    const other = await code(owner);
    expect(await owner.journal.join(other.address, other.code)).toMatchObject({
      ok: false,
      code: 'SHOP_ALREADY_CONFIGURED',
    });
  });
});
