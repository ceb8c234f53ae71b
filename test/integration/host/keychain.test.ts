import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore, KEYCHAIN_SERVICE } from '../../../electron/main/adapters/keytar-store';
import { tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';

// The real OS keychain: gnome-keyring in the private D-Bus session `npm test` starts.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe.skipIf(!hasSecretService)('keychain (gnome-keyring over the Secret Service)', () => {
  it('stores, reads and deletes under the service name "balcao"', async () => {
    const store = new KeytarSecretStore();
    const value = `s-${randomBytes(8).toString('hex')}`;
    await store.set('relay.channelToken', value);
    expect(await store.get('relay.channelToken')).toBe(value);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'relay.channelToken')).toBe(value);
    await store.delete('relay.channelToken');
    expect(await store.get('relay.channelToken')).toBeNull();
  });

  it('saved credentials are in the keychain and in no file, log line or IPC reply', async () => {
    const dataDir = tempDir();
    const secret = `cs-${randomBytes(12).toString('hex')}`;
    // A service of its own: another test file (or an earlier run: the keyring is on disk) may
    // hold entries under the default one.
    const service = `balcao-test-${randomBytes(6).toString('hex')}`;
    const host = await startHost([], {
      BALCAO_DATA_DIR: dataDir,
      BALCAO_OWNER_PIN: '4321',
      BALCAO_KEYCHAIN_SERVICE: service,
    });
    try {
      expect(host.output()).not.toContain('no OS keychain');
      expect(
        await host.call('credentials:set', { clientId: 'shop-1', clientSecret: secret }),
      ).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
      expect(await host.call('owner:unlock', { pin: '4321' })).toMatchObject({ ok: true });
      expect(
        await host.call('credentials:set', { clientId: 'shop-1', clientSecret: secret }),
      ).toEqual({ ok: true, value: { configured: true } });
      expect(await host.call('credentials:status', {})).toEqual({
        ok: true,
        value: {
          configured: true,
          relayToken: false,
          webhookSecret: false,
          clientCertificate: false,
        },
      });
      // The relay channel token is a secret too: keychain only.
      const relayToken = `rt-${randomBytes(16).toString('hex')}`;
      expect(await host.call('credentials:setRelayToken', { token: relayToken })).toEqual({
        ok: true,
        value: { relayToken: true },
      });
      expect(await keytar.getPassword(service, 'relay.channelToken')).toBe(relayToken);
      // Exercise the app a little so logs and ledger have content.
      await host.call('settings:get', {});
      await host.call('charges:list', {});

      expect(await keytar.getPassword(service, 'psp.clientSecret')).toBe(secret);
      for (const f of filesUnder(dataDir)) {
        expect(readFileSync(f).includes(Buffer.from(secret)), f).toBe(false);
        expect(readFileSync(f).includes(Buffer.from(relayToken)), f).toBe(false);
      }
      expect(host.output()).not.toContain(secret);
      expect(host.frames.join('\n')).not.toContain(secret);
      expect(host.frames.join('\n')).not.toContain(relayToken);
      await keytar.deletePassword(service, 'relay.channelToken');

      expect(await host.call('credentials:clear', {})).toEqual({
        ok: true,
        value: { configured: false },
      });
      expect(await keytar.getPassword(service, 'psp.clientSecret')).toBeNull();
    } finally {
      await host.stop();
    }
  });
});

describe('keychain availability (the Electron adapter)', () => {
  it.skipIf(!hasSecretService)('answers yes where a Secret Service runs', async () => {
    expect(await new KeytarSecretStore().available()).toBe(true);
  });

  it('answers no, and refuses to store, where no keychain answers', async () => {
    // A child process with a D-Bus address nobody listens on: libsecret cannot reach a keyring.
    const { spawnSync } = await import('node:child_process');
    const script = [
      "import { osKeychain } from './electron/main/adapters/keytar-store.ts';",
      'let told = 0;',
      'const s = await osKeychain(() => told++);',
      'const set = await s.set("psp.clientSecret", "x").then(() => "stored", (e) => e.message);',
      'console.log(JSON.stringify({ told, get: await s.get("psp.clientId"), set }));',
    ].join('\n');
    const root = path.resolve(import.meta.dirname, '../../..');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOME: tempDir(),
          DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/balcao-bus',
        },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toEqual({
      told: 1,
      get: null,
      set: 'KEYCHAIN_UNAVAILABLE',
    });
  });
});
