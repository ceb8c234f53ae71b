// The operators' roster reaches every counter (issue 36, Deliver 3): whole Balcões on a real
// relay. The owner adds an operator on her Balcão; the counter applies the owner-signed roster
// entry (her PIN's verifier, never the PIN) and she opens a shift there with her PIN. Disabled by
// the owner, the counter refuses her and closes her open shift. A roster entry another counter
// wrote, or one forged in the owner's name, is refused at the counter and counted; a restarted
// counter resumes from its cursor without re-reading what it had applied.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { entryId, type JournalEntry } from '../../../electron/services/journal/entry';
import { sealUnder } from '../../../electron/services/journal/seal';
import type { AppCore } from '../../../electron/services/core/app-core-types';
import { ptBR } from '../../../renderer/i18n/pt-BR';
import { tempDir } from '../../helpers/core';
import { shopRelay } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';
import { shopCore } from '../../helpers/shop-cores';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

async function pairedCounter(owner: AppCore, o: Parameters<typeof shopCore>[0] = {}) {
  const made = owner.journal.pairingCode();
  if (!made.ok) throw new Error(made.code);
  const t = await shopCore(o);
  stops.push(() => t.core.stop());
  const joined = await t.core.journal.join(made.value.address, made.value.code);
  if (!joined.ok) throw new Error(joined.code);
  return { ...t, address: made.value.address };
}

async function shop() {
  const { relay, channel } = await shopRelay();
  stops.push(() => relay.close());
  const owner = await shopCore();
  stops.push(() => owner.core.stop());
  expect((await owner.core.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);
  return { relay, channel, owner: owner.core };
}

const named = (core: AppCore, name: string) => core.operators.roster().find((o) => o.name === name);

describe('the roster at a counter', () => {
  it('added on the owner’s Balcão → she opens a shift at the counter with her PIN; disabled → refused, shift closed', async () => {
    const { owner } = await shop();
    const counter = await pairedCounter(owner);
    const added = await owner.operators.add({ name: 'Ana Souza', pin: '4826', role: 'cashier' });
    if (!added.ok) throw new Error(added.code);

    const ana = await waitFor(() => named(counter.core, 'Ana Souza'));
    expect(ana).toEqual({ id: added.value.id, name: 'Ana Souza', role: 'cashier', active: true });
    expect(await counter.core.operators.enter(ana.id, '1111')).toMatchObject({
      ok: false,
      code: 'PIN_WRONG',
    });
    const at = await counter.core.operators.enter(ana.id, '4826');
    if (!at.ok) throw new Error(at.code);
    expect(at.value.shift.terminalId).toBe(counter.core.terminalId);

    expect((await owner.operators.update(ana.id, { active: false })).ok).toBe(true);
    await waitFor(() => !named(counter.core, 'Ana Souza'));
    // Her open shift at this counter: closed at the counter's next action, the rule of current().
    expect(counter.core.operators.current()).toMatchObject({
      ok: false,
      code: 'OPERATOR_DISABLED',
    });
    expect(await counter.core.operators.enter(ana.id, '4826')).toMatchObject({
      ok: false,
      code: 'OPERATOR_DISABLED',
    });
    expect(ptBR.errors.OPERATOR_DISABLED).toMatch(/desativado pelo proprietário/);
    expect(counter.core.journal.rosterFeed()?.counts()).toEqual({});
  });

  it('a roster entry another counter wrote, or forged in the owner’s name, is refused and counted; a restart resumes', async () => {
    const { relay, channel, owner } = await shop();
    const dataDir = tempDir();
    const a = await pairedCounter(owner, { dataDir });
    const b = await pairedCounter(owner);

    // Counter B's owner PIN adds someone on B: B journals it, signed by B, not by the owner.
    const local = await b.core.operators.add({
      name: 'Caio Lima',
      pin: '5555',
      role: 'supervisor',
    });
    if (!local.ok) throw new Error(local.code);
    await waitFor(() => a.core.journal.rosterFeed()?.counts()['not-owner'] === 1);

    // Forged: says it is the owner's Balcão, sealed with the shop key, signed by another key.
    const keys = JSON.parse((await a.secrets.get('journal.shopKeys'))!) as Record<string, string>;
    const owned = a.core.journal.status().shop!;
    const id = randomUUID();
    const forged: JournalEntry = {
      id: entryId('roster-operator-added', id),
      kind: 'roster-operator-added',
      subject: id,
      terminal: owner.terminalId,
      seq: 50,
      at: new Date().toISOString(),
      operator: { id, name: 'Intrusa' },
      roster: {
        role: 'supervisor',
        pinHash: { salt: '00'.repeat(16), hash: '11'.repeat(32), N: 1024, r: 8, p: 1 },
      },
    };
    const env = sealUnder(
      { v: 1, shop: owned, epoch: 1, terminal: owner.terminalId, seq: 50 },
      forged,
      { shop: owned, epoch: 1, key: Buffer.from(keys['1']!, 'base64') },
      generateKeyPairSync('ed25519').privateKey,
    );
    const posted = await fetch(`${relay.url}/channels/${channel.channelId}/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.token}` },
      body: JSON.stringify(env),
    });
    expect(posted.status).toBe(201);
    await waitFor(() => a.core.journal.rosterFeed()?.counts().forged === 1);
    for (const name of ['Caio Lima', 'Intrusa']) expect(named(a.core, name)).toBeUndefined();

    const dani = await owner.operators.add({ name: 'Dani Reis', pin: '7070', role: 'cashier' });
    if (!dani.ok) throw new Error(dani.code);
    await waitFor(() => named(a.core, 'Dani Reis'));
    const seq = a.core.journal.rosterFeed()!.appliedSeq();

    // Restarted: same ledger, same keychain. It resumes from its cursor (the refusals are not
    // read again) and applies only what came after.
    await a.core.stop();
    const again = await shopCore({ dataDir, secrets: a.secrets, reopen: true });
    stops.push(() => again.core.stop());
    const eva = await owner.operators.add({ name: 'Eva Prado', pin: '8080', role: 'cashier' });
    if (!eva.ok) throw new Error(eva.code);
    await waitFor(() => named(again.core, 'Eva Prado'));
    const feed = again.core.journal.rosterFeed()!;
    expect(feed.appliedSeq()).toBeGreaterThan(seq);
    expect(feed.counts()).toEqual({ 'not-owner': 1, forged: 1 });
    expect(named(again.core, 'Dani Reis')).toBeDefined();
    expect((await again.core.operators.enter(eva.value.id, '8080')).ok).toBe(true);
  });
});
