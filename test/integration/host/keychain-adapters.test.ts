// Both keychain adapters through one suite, against the real keychain (gnome-keyring in the
// private D-Bus session `npm test` starts), and the second one reading what keytar wrote: moving
// off keytar (archived upstream) must not make an owner retype the PSP's credentials.
import { AsyncEntry } from '@napi-rs/keyring';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import keytar from 'keytar';
import { afterEach, describe, expect, it } from 'vitest';
import {
  KeytarSecretStore,
  keychainBackend,
  osKeychain,
} from '../../../electron/main/adapters/keytar-store';
import { NapiKeyringSecretStore } from '../../../electron/main/adapters/napi-keyring-store';
import { storedKeychain } from '../../../electron/main/adapters/stored-keychain';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { SettingsService } from '../../../electron/services/settings-service';
import type { SecretKey, SecretStore } from '../../../electron/services/secrets/secret-store';

const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
// A service of its own per run, so nothing touches entries under `balcao`.
const service = () => `balcao-test-${randomBytes(4).toString('hex')}`;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c().catch(() => undefined);
});

/**
 * A service of its own with one secret of each kind (`clientId` the shop's), cleared after the
 * test through the library `store` opens (it reaches the other library's entries too).
 */
function shopSecrets(clientId: string, store: (service: string) => SecretStore) {
  const svc = service();
  const secrets: Record<string, string> = {
    'psp.clientId': clientId,
    'psp.clientSecret': `cs-${randomBytes(12).toString('hex')}`,
    'relay.channelToken': `rt-${randomBytes(16).toString('hex')}`,
  };
  cleanup.push(async () => {
    const s = store(svc);
    for (const k of Object.keys(secrets)) await s.delete(k as SecretKey);
  });
  return { svc, secrets };
}

const adapters: [string, (service: string) => SecretStore & { available(): Promise<boolean> }][] = [
  ['keytar', (s) => new KeytarSecretStore(s)],
  ['@napi-rs/keyring', (s) => new NapiKeyringSecretStore(s)],
];

describe.skipIf(!hasSecretService).each(adapters)('keychain adapter: %s', (_name, make) => {
  const fresh = () => {
    const svc = service();
    const store = make(svc);
    cleanup.push(async () => {
      for (const k of ['psp.clientId', 'psp.clientSecret', 'relay.channelToken'] as SecretKey[])
        await store.delete(k);
    });
    return { svc, store };
  };

  it('answers where a Secret Service runs', async () => {
    expect(await fresh().store.available()).toBe(true);
  });

  it('stores, reads, overwrites and deletes; a missing secret reads as null', async () => {
    const { store } = fresh();
    expect(await store.get('psp.clientSecret')).toBeNull();
    await store.set('psp.clientSecret', 'first');
    await store.set('psp.clientSecret', 'segundo-ç-€');
    expect(await store.get('psp.clientSecret')).toBe('segundo-ç-€');
    await store.set('psp.clientId', 'shop-1');
    await store.delete('psp.clientSecret');
    expect(await store.get('psp.clientSecret')).toBeNull();
    expect(await store.get('psp.clientId')).toBe('shop-1');
    await store.delete('relay.channelToken'); // deleting what is not there is no error
  });

  it('keeps each service apart', async () => {
    const a = fresh();
    const b = fresh();
    await a.store.set('relay.channelToken', 'token-a');
    expect(await b.store.get('relay.channelToken')).toBeNull();
  });

  it('a deleted secret stays deleted (a fresh store reads null)', async () => {
    const { svc, store } = fresh();
    await store.set('psp.clientId', 'shop-7');
    await store.delete('psp.clientId');
    expect(await make(svc).get('psp.clientId')).toBeNull();
  });
});

describe.skipIf(!hasSecretService)('moving from keytar to @napi-rs/keyring', () => {
  it('reads every secret keytar wrote, with no retyping', async () => {
    const { svc, secrets } = shopSecrets('loja-centro', (v) => new NapiKeyringSecretStore(v));
    for (const [k, v] of Object.entries(secrets)) await keytar.setPassword(svc, k, v);
    const napi = new NapiKeyringSecretStore(svc);
    for (const [k, v] of Object.entries(secrets)) expect(await napi.get(k as SecretKey)).toBe(v);
    // Moved, not copied: keytar's items are gone, a second read comes from the new entries.
    // (By key: keytar's findCredentials over a service that holds the new library's items,
    // which lack keytar's `account` attribute, crashed the test process now and then.)
    for (const k of Object.keys(secrets)) expect(await keytar.getPassword(svc, k)).toBeNull();
    for (const [k, v] of Object.entries(secrets))
      expect(await new NapiKeyringSecretStore(svc).get(k as SecretKey)).toBe(v);
    // A cleared secret does not come back from anywhere.
    await napi.delete('psp.clientSecret');
    expect(await new NapiKeyringSecretStore(svc).get('psp.clientSecret')).toBeNull();
  });
});

describe.skipIf(!hasSecretService)('switching back and forth between the two libraries', () => {
  // The owner's setting picks the library at each start: whatever one wrote, the other reads,
  // either way, and a secret cleared or changed on one side never comes back from the other.
  const napiEntry = (svc: string, k: string) =>
    new AsyncEntry(svc, k, { linux: { store: 'secret-service' } });

  it('keytar reads every secret @napi-rs/keyring wrote, moved once, and the way back too', async () => {
    const { svc, secrets } = shopSecrets('loja-norte', (v) => new KeytarSecretStore(v));
    // Started on @napi-rs/keyring: its own entries, keytar's library sees none of them.
    const napi = new NapiKeyringSecretStore(svc);
    for (const [k, v] of Object.entries(secrets)) await napi.set(k as SecretKey, v);
    for (const k of Object.keys(secrets)) expect(await keytar.getPassword(svc, k)).toBeNull();

    // Next start on keytar: every secret there, moved (the other library's entries gone).
    const back = new KeytarSecretStore(svc);
    for (const [k, v] of Object.entries(secrets)) expect(await back.get(k as SecretKey)).toBe(v);
    for (const [k, v] of Object.entries(secrets)) expect(await keytar.getPassword(svc, k)).toBe(v);
    for (const k of Object.keys(secrets)) expect(await napiEntry(svc, k).getPassword()).toBeNull();

    // A secret changed and one cleared under keytar, then over to @napi-rs/keyring again.
    await napi.set('psp.clientId', 'loja-norte'); // a stale entry of the other library
    await back.set('psp.clientId', 'loja-sul');
    await back.delete('relay.channelToken');
    const again = new NapiKeyringSecretStore(svc);
    expect(await again.get('psp.clientId')).toBe('loja-sul');
    expect(await again.get('psp.clientSecret')).toBe(secrets['psp.clientSecret']);
    expect(await again.get('relay.channelToken')).toBeNull();
    // And keytar once more: nothing lost, nothing cleared brought back.
    const third = new KeytarSecretStore(svc);
    expect(await third.get('psp.clientId')).toBe('loja-sul');
    expect(await third.get('psp.clientSecret')).toBe(secrets['psp.clientSecret']);
    expect(await third.get('relay.channelToken')).toBeNull();
  });
});

describe('choosing the keychain library (setting, BALCAO_KEYCHAIN)', () => {
  it('keytar by default, @napi-rs/keyring by name, an unknown name reported', async () => {
    expect(keychainBackend(undefined)).toEqual({ backend: 'keytar' });
    expect(keychainBackend('napi-keyring')).toEqual({ backend: 'napi-keyring' });
    expect(keychainBackend('safe-storage')).toEqual({ backend: 'keytar', unknown: 'safe-storage' });
  });

  it("the owner's setting when the env var names none; the env var wins over it", () => {
    expect(keychainBackend(undefined, 'napi-keyring')).toEqual({ backend: 'napi-keyring' });
    expect(keychainBackend('', 'napi-keyring')).toEqual({ backend: 'napi-keyring' });
    expect(keychainBackend('keytar', 'napi-keyring')).toEqual({ backend: 'keytar' });
    expect(keychainBackend('x', 'napi-keyring')).toEqual({ backend: 'napi-keyring', unknown: 'x' });
  });

  it('the setting saved in Configurações is read from the data folder before the core starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balcao-keychain-setting-'));
    expect(storedKeychain(dir)).toBeUndefined(); // first start: no ledger yet
    const ledger = Ledger.open(path.join(dir, 'ledger.sqlite'));
    const settings = new SettingsService(ledger.kv);
    settings.update({ shopName: 'Padaria' });
    expect(storedKeychain(dir)).toBe('keytar');
    expect(settings.update({ keychain: 'napi-keyring' }).ok).toBe(true);
    // Read while the app still has the ledger open (a write-ahead log not yet checkpointed).
    expect(storedKeychain(dir)).toBe('napi-keyring');
    expect(settings.update({ keychain: 'safe-storage' as 'keytar' }).ok).toBe(false);
    ledger.close();
    expect(storedKeychain(dir)).toBe('napi-keyring');
  });

  it.skipIf(!hasSecretService)('osKeychain hands back the chosen adapter', async () => {
    const never = () => {
      throw new Error('keychain reported unavailable');
    };
    expect(await osKeychain(never, 'napi-keyring')).toBeInstanceOf(NapiKeyringSecretStore);
    expect(await osKeychain(never, 'keytar')).toBeInstanceOf(KeytarSecretStore);
  });
});
