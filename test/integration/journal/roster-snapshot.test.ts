// The owner's roster snapshot reaches every counter (issue 36, Deliver 3): whole Balcões on a real
// relay. Every roster change on the owner's Balcão (PIN, name, role, disable, re-enable) arrives
// at the counter as one versioned snapshot; operators made before the shop, or before the counter
// paired, arrive too. An older snapshot (replayed, or re-signed with a higher seq) changes
// nothing; a snapshot another counter signed, or forged in the owner's name, is refused, counted.
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/services/core/app-core-types';
import {
  entryId,
  type JournalEntry,
  type RosterMember,
  type RosterSnapshot,
} from '../../../electron/services/journal/entry';
import { sealUnder } from '../../../electron/services/journal/seal';
import { shopRelay } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';
import { pairedCounter as paired, shopCore } from '../../helpers/shop-cores';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

const pairedCounter = (owner: AppCore) => paired(owner, (stop) => stops.push(stop));

async function ownerBalcao() {
  const { relay, channel } = await shopRelay();
  stops.push(() => relay.close());
  const owner = await shopCore();
  stops.push(() => owner.core.stop());
  return { relay, channel, owner: owner.core, secrets: owner.secrets };
}

const named = (core: AppCore, name: string) => core.operators.roster().find((o) => o.name === name);
const published = (owner: AppCore) => owner.ledger.kv.get<number>('roster.published');
/** The counter applied the owner's latest snapshot. */
const synced = (owner: AppCore, counter: AppCore) =>
  waitFor(() => {
    const v = published(owner);
    return v !== undefined && counter.ledger.kv.get<number>('roster.applied') === v;
  });

async function must<T>(r: Promise<{ ok: true; value: T } | { ok: false; code: string }>) {
  const got = await r;
  if (!got.ok) throw new Error(got.code);
  return got.value;
}

describe('the roster snapshot at a counter', () => {
  it('made before the shop / before pairing, then PIN, name, role, disable and re-enable: all reach the counter', async () => {
    const { relay, channel, owner } = await ownerBalcao();
    // Before the shop existed: never journaled as "added".
    const bia = await must(
      owner.operators.add({ name: 'Bia Antes', pin: '1357', role: 'cashier' }),
    );
    expect((await owner.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);
    // Nothing changed since the shop was made: the snapshot made with the shop brings her.
    const counter = (await pairedCounter(owner)).core;
    await synced(owner, counter);
    expect(named(counter, 'Bia Antes')).toEqual({ ...bia, active: true });
    // Added before a second counter paired: it gets the whole roster.
    const ana = await must(
      owner.operators.add({ name: 'Ana Souza', pin: '4826', role: 'cashier' }),
    );
    const later = (await pairedCounter(owner)).core;
    for (const c of [counter, later]) {
      await synced(owner, c);
      expect(named(c, 'Ana Souza')).toEqual({ ...ana, active: true });
      expect(named(c, 'Bia Antes')).toBeDefined();
    }

    // PIN changed at the owner's: the old one is refused at the counter, the new one lets her in.
    await must(owner.operators.update(ana.id, { pin: '9753' }));
    await synced(owner, counter);
    expect(await counter.operators.enter(ana.id, '4826')).toMatchObject({
      ok: false,
      code: 'PIN_WRONG',
    });
    expect((await counter.operators.enter(ana.id, '9753')).ok).toBe(true);

    // Name and role.
    await must(owner.operators.update(bia.id, { name: 'Beatriz Lima', role: 'supervisor' }));
    await synced(owner, counter);
    expect(named(counter, 'Bia Antes')).toBeUndefined();
    expect(named(counter, 'Beatriz Lima')).toEqual({
      id: bia.id,
      name: 'Beatriz Lima',
      role: 'supervisor',
      active: true,
    });

    // Disabled (her open shift closes by the existing rule), then enabled again.
    await must(owner.operators.update(ana.id, { active: false }));
    await synced(owner, counter);
    expect(named(counter, 'Ana Souza')).toBeUndefined();
    expect(counter.operators.current()).toMatchObject({ ok: false, code: 'OPERATOR_DISABLED' });
    await must(owner.operators.update(ana.id, { active: true }));
    await synced(owner, counter);
    expect(named(counter, 'Ana Souza')).toMatchObject({ id: ana.id, active: true });
    expect((await counter.operators.enter(ana.id, '9753')).ok).toBe(true);

    // Someone the owner's roster never had (added with this counter's own owner PIN): the
    // counter's own cashier, left as she is by the owner's next snapshot.
    const caio = await must(
      counter.operators.add({ name: 'Caio Local', pin: '5555', role: 'cashier' }),
    );
    await must(owner.operators.update(bia.id, { name: 'Beatriz L.' }));
    await synced(owner, counter);
    expect(named(counter, 'Beatriz L.')).toMatchObject({ id: bia.id });
    expect(named(counter, 'Caio Local')).toMatchObject({ id: caio.id, active: true });
    // Her "added" entry, which this counter journaled itself, is the only one it refused. It
    // comes back through the relay on its own path, not behind the owner's snapshot: waited for
    // (a loaded CI run read the counts before it had arrived).
    await waitFor(() => counter.journal.rosterFeed()?.counts()['not-owner'] === 1);
    expect(counter.journal.rosterFeed()?.counts()).toEqual({ 'not-owner': 1 });
  });

  it('an older snapshot after a newer one changes nothing; one signed by a counter, or forged, is refused and counted', async () => {
    const { relay, channel, owner, secrets } = await ownerBalcao();
    expect((await owner.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);
    const a = await pairedCounter(owner);
    const b = await pairedCounter(owner);
    const ana = await must(
      owner.operators.add({ name: 'Ana Souza', pin: '4826', role: 'cashier' }),
    );
    await synced(owner, a.core);
    const old = published(owner)!;
    const oldEnvelope = owner.ledger.db
      .prepare('SELECT envelope FROM journal_outbox WHERE entry_id = ?')
      .pluck()
      .get(entryId('roster-snapshot', `roster:${old}`)) as string;
    await must(owner.operators.update(ana.id, { name: 'Ana Nova' }));
    await synced(owner, a.core);

    const shop = a.core.journal.status().shop!;
    const keys = JSON.parse((await a.secrets.get('journal.shopKeys'))!) as Record<string, string>;
    const shopKey = { shop, epoch: 1, key: Buffer.from(keys['1']!, 'base64') };
    const post = async (body: string) => {
      const res = await fetch(`${relay.url}/channels/${channel.channelId}/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.token}` },
        body,
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await waitFor(() => a.core.journal.rosterFeed()?.cursor() === id);
    };
    const signed = async (terminal: string, seq: number, s: RosterSnapshot, key: KeyObject) => {
      const entry: JournalEntry = {
        id: entryId('roster-snapshot', `roster:${s.version}:${seq}`),
        kind: 'roster-snapshot',
        subject: `roster:${s.version}`,
        terminal,
        seq,
        at: new Date().toISOString(),
        snapshot: s,
      };
      return JSON.stringify(
        sealUnder({ v: 1, shop, epoch: 1, terminal, seq }, entry, shopKey, key),
      );
    };
    const ownerKey = createPrivateKey((await secrets.get('journal.signingKey'))!);
    const bKey = createPrivateKey((await b.secrets.get('journal.signingKey'))!);
    const pinHash = JSON.parse(
      owner.ledger.db
        .prepare('SELECT pin_hash FROM operators WHERE id = ?')
        .pluck()
        .get(ana.id) as string,
    ) as RosterMember['pinHash'];
    const roster = (name: string, active: boolean): RosterMember[] => [
      { ...ana, name, active, pinHash },
    ];

    // The older snapshot's own envelope again: below the counter's seq, skipped.
    await post(oldEnvelope);
    expect(named(a.core, 'Ana Nova')).toBeDefined();
    // The same older version, signed by the owner's key with a seq above: the version decides.
    await post(
      await signed(
        owner.terminalId,
        900,
        { version: old, operators: roster('Ana Velha', true) },
        ownerKey,
      ),
    );
    expect(named(a.core, 'Ana Nova')).toBeDefined();
    expect(named(a.core, 'Ana Velha')).toBeUndefined();

    // Counter B signs a newer "snapshot" that disables her: refused, counted as not the owner's.
    await post(
      await signed(
        b.core.terminalId,
        50,
        { version: old + 10 ** 9, operators: roster('Ana Nova', false) },
        bKey,
      ),
    );
    // Forged in the owner's name with another key.
    const other = generateKeyPairSync('ed25519').privateKey;
    await post(
      await signed(owner.terminalId, 901, { version: old + 10 ** 9, operators: [] }, other),
    );
    expect(named(a.core, 'Ana Nova')).toMatchObject({ id: ana.id, active: true });
    expect(a.core.journal.rosterFeed()?.counts()).toEqual({ 'not-owner': 1, forged: 1 });
    expect((await a.core.operators.enter(ana.id, '4826')).ok).toBe(true);
  });
});
