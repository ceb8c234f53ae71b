// Pairing a terminal into the shop (issue 36, Deliver 3, item 3): two whole Balcões (two
// ledgers, two keychains) and a real relay. The owner's code and the shop's address go to the new
// terminal; its `join` and the owner's `grant` travel boxed under the code's key through the shop
// channel; the shop key, its signing key and the shop token end in its keychain, not in SQLite.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { box, codeSecrets } from '../../../electron/services/journal/pairing-box';
import { parseShopAddress } from '../../../electron/services/journal/shop-config';
import type { SecretStore } from '../../../electron/services/secrets/secret-store';
import { payer, tempDir } from '../../helpers/core';
import { shopRelay } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';
import { appliedFrom, shopCore } from '../../helpers/shop-cores';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

async function shop(o: { ownerClock?: { offsetMs: number } } = {}) {
  const { relay, channel } = await shopRelay();
  stops.push(() => relay.close());
  const owner = await shopCore(o.ownerClock ? { clock: o.ownerClock } : {});
  stops.push(() => owner.core.stop());
  expect((await owner.core.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);
  return { relay, channel, owner: owner.core };
}

async function newTerminal(joinWaitMs = 5_000) {
  const dataDir = tempDir();
  const t = await shopCore({ dataDir, joinWaitMs });
  stops.push(() => t.core.stop());
  return { ...t, dataDir };
}

describe('pairing a terminal', () => {
  it('code made → terminal joins → its next sale reaches the owner; secrets only in its keychain', async () => {
    const { owner } = await shop();
    const made = owner.journal.pairingCode();
    if (!made.ok) throw new Error(made.code);
    expect(made.value.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const t = await newTerminal();
    // Typed with a dash and in lower case, as a person would.
    const code = `${made.value.code.slice(0, 5)}-${made.value.code.slice(5)}`.toLowerCase();
    const joined = await t.core.journal.join(made.value.address, code);
    expect(joined).toEqual({ ok: true, value: { shop: owner.journal.status().shop } });
    expect(t.core.journal.status()).toMatchObject({ configured: true, role: 'terminal' });

    const sold = await t.core.charges.create({ amountCents: 4_250, payer });
    if (!sold.ok) throw new Error(sold.code);
    const got = await waitFor(() => {
      const e = appliedFrom(owner, t.core.terminalId);
      return e.some((x) => x.kind === 'created') && e;
    });
    // Joined, it first says it is on and its name (heartbeat.ts), then its sale.
    expect(got[0]).toMatchObject({ kind: 'counter-status', seq: 1, counter: { name: 'Caixa 1' } });
    expect(got[1]).toMatchObject({
      kind: 'created',
      amountCents: 4_250,
      subject: sold.value.id,
      terminal: t.core.terminalId,
      seq: 2,
    });
    // The keychain holds the shop key, the signing key and the token; SQLite holds none of them.
    const shopKeys = await t.secrets.get('journal.shopKeys');
    const signing = await t.secrets.get('journal.signingKey');
    const token = await t.secrets.get('journal.shopToken');
    expect(shopKeys && signing && token).toBeTruthy();
    await t.core.stop();
    stops.pop();
    const ledger = readFileSync(path.join(t.dataDir, 'ledger.sqlite')).toString('latin1');
    const key = Object.values(JSON.parse(shopKeys!) as Record<string, string>)[0]!;
    for (const secret of [key, token!, signing!.split('\n')[1]!])
      expect(ledger.includes(secret)).toBe(false);
    expect(parseShopAddress(made.value.address)?.token).toBe(token);
  });

  it('a wrong, a reused and an expired code are refused by code; nothing is saved', async () => {
    const clock = { offsetMs: 0 };
    const { owner } = await shop({ ownerClock: clock });
    const made = owner.journal.pairingCode();
    if (!made.ok) throw new Error(made.code);
    const wrong = await newTerminal();
    expect(await wrong.core.journal.join(made.value.address, 'ZZZZZZZZZZ')).toMatchObject({
      ok: false,
      code: 'PAIRING_CODE_WRONG',
    });
    const first = await newTerminal();
    expect((await first.core.journal.join(made.value.address, made.value.code)).ok).toBe(true);
    const second = await newTerminal();
    expect(await second.core.journal.join(made.value.address, made.value.code)).toMatchObject({
      ok: false,
      code: 'PAIRING_CODE_USED',
    });
    const late = owner.journal.pairingCode();
    if (!late.ok) throw new Error(late.code);
    clock.offsetMs = 11 * 60_000;
    expect(await second.core.journal.join(late.value.address, late.value.code)).toMatchObject({
      ok: false,
      code: 'PAIRING_CODE_EXPIRED',
    });
    expect(
      await wrong.core.journal.join('https://relay.example/loja', made.value.code),
    ).toMatchObject({
      ok: false,
      code: 'PAIRING_ADDRESS_WRONG',
    });
    for (const t of [wrong, second]) {
      expect(t.core.journal.status().configured).toBe(false);
      expect(await t.secrets.get('journal.shopKeys')).toBeNull();
    }
  });

  it('a tampered grant and an unsealed one with another key are refused; the terminal stays out', async () => {
    // Nobody answers but the attacker (the relay operator, or anyone with the shop token).
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const owner = await shopCore();
    stops.push(() => owner.core.stop());
    await owner.core.journal.createShop({ relayUrl: relay.url, ...channel });
    const made = owner.core.journal.pairingCode();
    if (!made.ok) throw new Error(made.code);
    await owner.core.stop(); // the owner's Balcão is off: it will not answer
    stops.pop();
    const t = await newTerminal(1_500);
    const { key, id } = codeSecrets(made.value.code);
    const evil = {
      shop: 'loja-evil',
      epoch: 1,
      keys: { 1: Buffer.alloc(32, 7).toString('base64') },
    };
    const sealed = Buffer.from(
      box(key, { terminal: t.core.terminalId, ...evil, token: channel.token }),
      'base64',
    );
    sealed.writeUInt8(sealed.readUInt8(20) ^ 1, 20);
    const forgeries = [
      sealed.toString('base64'),
      Buffer.from(JSON.stringify({ terminal: t.core.terminalId, ...evil, token: 'x' })).toString(
        'base64',
      ),
    ];
    const post = (b: string) =>
      fetch(`${relay.url}/channels/${channel.channelId}/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.token}` },
        body: JSON.stringify({ type: 'grant', code: id, box: b }),
      });
    let settled = false;
    const joining = t.core.journal
      .join(made.value.address, made.value.code)
      .finally(() => (settled = true));
    while (!settled) {
      for (const f of forgeries) await post(f);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await joining).toMatchObject({ ok: false, code: 'PAIRING_GRANT_INVALID' });
    expect(t.core.journal.status().configured).toBe(false);
    expect(await t.secrets.get('journal.shopKeys')).toBeNull();
  });

  it('without an OS keychain: said in words, nothing half made, and the code is not spent', async () => {
    const broken: SecretStore = {
      get: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      set: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      delete: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    };
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const lonely = await shopCore({ secrets: broken });
    stops.push(() => lonely.core.stop());
    expect(await lonely.core.journal.createShop({ relayUrl: relay.url, ...channel })).toMatchObject(
      { ok: false, code: 'KEYCHAIN_MISSING' },
    );
    expect(lonely.core.journal.status().configured).toBe(false);

    const { owner } = await shop();
    const made = owner.journal.pairingCode();
    if (!made.ok) throw new Error(made.code);
    const counter = await shopCore({ secrets: broken, joinWaitMs: 5_000 });
    stops.push(() => counter.core.stop());
    expect(await counter.core.journal.join(made.value.address, made.value.code)).toMatchObject({
      ok: false,
      code: 'KEYCHAIN_MISSING',
    });
    // The same code still pairs a counter that has a keychain.
    const t = await newTerminal();
    expect((await t.core.journal.join(made.value.address, made.value.code)).ok).toBe(true);
  });
});
