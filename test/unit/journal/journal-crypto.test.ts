import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildEntry,
  type JournalEntry,
  type SaleFact,
} from '../../../electron/services/journal/entry';
import { JournalReader } from '../../../electron/services/journal/reader';
import { seal, sealUnder, type ShopKey } from '../../../electron/services/journal/seal';

const t1 = generateKeyPairSync('ed25519');
const t2 = generateKeyPairSync('ed25519');
const shopKey: ShopKey = { shop: 'loja-1', epoch: 1, key: randomBytes(32) };

function entry(fact: Partial<SaleFact>, terminal = 't1', seq = 1): JournalEntry {
  const r = buildEntry(
    { kind: 'paid', subject: 'ch-1', at: '2026-11-28T10:00:00Z', amountCents: 1000, ...fact },
    terminal,
    seq,
  );
  if (!r.ok) throw new Error('bad fact');
  return r.entry;
}

function reader(onRoster?: (e: JournalEntry) => void): JournalReader {
  const r = new JournalReader('loja-1', onRoster);
  r.addKey(1, shopKey.key);
  r.addTerminal('t1', t1.publicKey);
  r.addTerminal('t2', t2.publicKey);
  return r;
}

describe('journal sealing', () => {
  it('round-trips an entry and the relay sees only ciphertext', () => {
    const env = seal(entry({ payerName: 'Maria Souza' }), shopKey, t1.privateKey);
    expect(JSON.stringify(env)).not.toContain('Maria');
    expect(JSON.stringify(env)).not.toContain('1000');
    const r = reader().read(env);
    expect(r.ok && r.entry.amountCents).toBe(1000);
  });

  it('refuses and counts a forgery: t2 signing an envelope claiming to be t1', () => {
    const r = reader();
    const env = seal(entry({}, 't1', 1), shopKey, t2.privateKey);
    expect(r.read(env)).toEqual({ ok: false, refusal: 'forged' });
    expect(r.refused.forged).toBe(1);
  });

  it('refuses a tampered ciphertext, even re-signed by the rightful terminal', () => {
    const r = reader();
    const env = seal(entry({}), shopKey, t1.privateKey);
    const bytes = Buffer.from(env.ct, 'base64');
    bytes[0] = (bytes[0] as number) ^ 1;
    expect(r.read({ ...env, ct: bytes.toString('base64') }).ok).toBe(false); // signature breaks
    // A header whose seq disagrees with the content is tampering too.
    const other = seal({ ...entry({}), seq: 2 }, shopKey, t1.privateKey);
    expect(r.read({ ...other, seq: 1 }).ok).toBe(false);
    expect(r.refused.forged + r.refused.tampered).toBe(2);
  });

  it('refuses an envelope sealed with an old or another shop key', () => {
    const r = reader();
    const foreign = seal(
      entry({}),
      { shop: 'loja-1', epoch: 1, key: randomBytes(32) },
      t1.privateKey,
    );
    expect(r.read(foreign)).toEqual({ ok: false, refusal: 'tampered' });
    const oldEpoch = seal(entry({}), { ...shopKey, epoch: 0 }, t1.privateKey);
    expect(r.read(oldEpoch)).toEqual({ ok: false, refusal: 'unknown-key' });
    const otherShop = seal(entry({}), { ...shopKey, shop: 'loja-2' }, t1.privateKey);
    expect(r.read(otherShop)).toEqual({ ok: false, refusal: 'other-shop' });
  });

  it('refuses a replay and counts it', () => {
    const r = reader();
    const env = seal(entry({}), shopKey, t1.privateKey);
    expect(r.read(env).ok).toBe(true);
    expect(r.read(env)).toEqual({ ok: false, refusal: 'replayed' });
    expect(r.refused.replayed).toBe(1);
  });

  it('refuses a terminal that was never paired', () => {
    const t3 = generateKeyPairSync('ed25519');
    const r = reader();
    expect(r.read(seal(entry({}, 't3', 1), shopKey, t3.privateKey))).toEqual({
      ok: false,
      refusal: 'unknown-terminal',
    });
    expect(r.refused['unknown-terminal']).toBe(1);
  });

  it('refuses a signed header that disagrees with the sealed content (replay dodged by a new seq)', () => {
    const r = reader();
    const e = entry({}, 't1', 1);
    expect(r.read(seal(e, shopKey, t1.privateKey)).ok).toBe(true);
    const dodge = sealUnder(
      { v: 1, shop: 'loja-1', epoch: 1, terminal: 't1', seq: 5 },
      e,
      shopKey,
      t1.privateKey,
    );
    expect(r.read(dodge)).toEqual({ ok: false, refusal: 'tampered' });
    expect(r.refused.tampered).toBe(1);
  });

  it('refuses a terminal reusing a sequence number for another fact', () => {
    const r = reader();
    expect(r.read(seal(entry({ subject: 'ch-1' }, 't1', 1), shopKey, t1.privateKey)).ok).toBe(true);
    expect(r.read(seal(entry({ subject: 'ch-2' }, 't1', 1), shopKey, t1.privateKey))).toEqual({
      ok: false,
      refusal: 'replayed',
    });
  });

  it('refuses the same entry id written by a second terminal', () => {
    const r = reader();
    expect(r.read(seal(entry({}, 't1', 1), shopKey, t1.privateKey)).ok).toBe(true);
    expect(r.read(seal(entry({}, 't2', 1), shopKey, t2.privateKey))).toEqual({
      ok: false,
      refusal: 'duplicate-id',
    });
    expect(r.refused['duplicate-id']).toBe(1);
  });

  it('keeps a removed terminal s earlier facts and refuses what it writes after removal', () => {
    const r = reader();
    const before = seal(entry({ subject: 'ch-a' }, 't2', 1), shopKey, t2.privateKey);
    const after = seal(entry({ subject: 'ch-b' }, 't2', 2), shopKey, t2.privateKey);
    r.removeTerminal('t2', 1);
    expect(r.read(before).ok).toBe(true);
    expect(r.read(after)).toEqual({ ok: false, refusal: 'removed-terminal' });
    expect(r.refused['removed-terminal']).toBe(1);
  });

  it('hands roster entries to the injected callback only once they pass every check', () => {
    const seen: string[] = [];
    const r = reader((e) => seen.push(e.subject));
    const roster = entry(
      { kind: 'roster-operator-added', subject: 'op-9', amountCents: undefined },
      't1',
      1,
    );
    r.read(seal(roster, shopKey, t2.privateKey)); // forged: not applied
    expect(seen).toEqual([]);
    r.read(seal(roster, shopKey, t1.privateKey));
    expect(seen).toEqual(['op-9']);
  });
});
