// A new shop key after a removal (issue 36: "a terminal removed from the shop stops being able to
// write"; with this, also to read what the shop writes next). Three whole Balcões on a real relay:
// the owner removes counter B; counter A, still in the shop, receives the new key in its own box
// and seals its next sale under it; the owner reads it; B's keys (its keychain) cannot open it,
// nor the owner's next roster snapshot. Seen failing with the rotation left out of the removal
// (A's sale still sealed under epoch 1, which B holds).
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/services/core/app-core-types';
import { unseal, type Envelope } from '../../../electron/services/journal/seal';
import { payer } from '../../helpers/core';
import { shopRelay } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';
import { appliedFrom, pairedCounter as paired, shopCore } from '../../helpers/shop-cores';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

const pairedCounter = (owner: AppCore) => paired(owner, (stop) => stops.push(stop));

/** Every envelope the shop channel holds, read as anyone holding the channel token would. */
async function channelEnvelopes(relayUrl: string, channel: { channelId: string; token: string }) {
  const ctl = new AbortController();
  const res = await fetch(`${relayUrl}/channels/${channel.channelId}/events`, {
    headers: { authorization: `Bearer ${channel.token}`, accept: 'text/event-stream' },
    signal: ctl.signal,
  });
  // The stream stays open: what arrived in its first second is the whole backlog here.
  const timer = setTimeout(() => ctl.abort(), 1_000);
  let text = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      text += Buffer.from(chunk).toString();
  } catch {
    /* aborted: done reading */
  }
  clearTimeout(timer);
  const out: Envelope[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    try {
      const ev = JSON.parse(line.slice(5)) as { body: string; bodyEncoding?: string };
      const body =
        ev.bodyEncoding === 'base64' ? Buffer.from(ev.body, 'base64').toString() : ev.body;
      const m = JSON.parse(body) as Envelope;
      if (typeof m.sig === 'string') out.push(m);
    } catch {
      /* not an envelope (a pairing message) */
    }
  }
  return out;
}

const keysOf = async (secrets: { get(k: 'journal.shopKeys'): Promise<string | null> }) =>
  new Map(
    Object.entries(
      JSON.parse((await secrets.get('journal.shopKeys'))!) as Record<string, string>,
    ).map(([e, k]) => [Number(e), Buffer.from(k, 'base64')]),
  );

describe('removing a counter gives the others a new shop key', () => {
  it('A seals under the new key and the owner reads it; B, removed, can open none of it', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const o = await shopCore();
    stops.push(() => o.core.stop());
    const owner = o.core;
    expect((await owner.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);
    const a = await pairedCounter(owner);
    const b = await pairedCounter(owner);
    const bKeys = await keysOf(b.secrets);
    expect([...bKeys.keys()]).toEqual([1]);

    const removed = await owner.journal.removeTerminal(b.core.terminalId);
    expect(removed).toMatchObject({ ok: true, value: { epoch: 2, rekeyed: 1 } });
    expect(owner.journal.status().epoch).toBe(2);
    // A reads the owner's rekey entry, opens its box, keeps the key in its keychain.
    await waitFor(() => a.core.journal.status().epoch === 2, 15_000);
    expect([...(await keysOf(a.secrets)).keys()].sort()).toEqual([1, 2]);
    // B got no box: still on epoch 1.
    expect(b.core.journal.status().epoch).toBe(1);

    const sold = await a.core.charges.create({ amountCents: 3_210, payer });
    if (!sold.ok) throw new Error(sold.code);
    await waitFor(() =>
      appliedFrom(owner, a.core.terminalId).some(
        (e) => e.kind === 'created' && e.subject === sold.value.id,
      ),
    );
    // A roster change after the removal: sealed under the new key too.
    expect((await owner.operators.add({ name: 'Duda', pin: '4321', role: 'cashier' })).ok).toBe(
      true,
    );
    await waitFor(async () => {
      const envs = await channelEnvelopes(relay.url, channel);
      return envs.some((e) => e.terminal === owner.terminalId && e.epoch === 2) && envs;
    });
    const envs = await channelEnvelopes(relay.url, channel);
    const after = envs.filter((e) => e.epoch === 2);
    expect(after.some((e) => e.terminal === a.core.terminalId)).toBe(true);
    // What B holds opens nothing written after its removal.
    for (const env of after) expect(unseal(env, bKeys.get(1)!)).toBeUndefined();
    // ...while everything before was readable to it (the test can fail).
    const before = envs.filter((e) => e.epoch === 1);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((e) => unseal(e, bKeys.get(1)!) !== undefined)).toBe(true);
  });
});
