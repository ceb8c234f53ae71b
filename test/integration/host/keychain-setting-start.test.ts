// The keychain library picked in Configurações, honoured by the built main bundle
// (dist/main/index.cjs, what the installer ships) at its next start: started under Node with the
// fake `electron` module on a data folder whose saved settings name @napi-rs/keyring, and no
// BALCAO_KEYCHAIN, it builds the keychain with that library before the core exists.
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { SettingsService } from '../../../electron/services/settings-service';
import { tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';
import { createFakeElectron, FakeBrowserWindow } from '../../helpers/fake-electron';

const root = path.resolve(import.meta.dirname, '../../..');
const fake = createFakeElectron();
const dataDir = tempDir();
type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const mod = Module as unknown as { _load: Loader };
const originalLoad = mod._load;

async function until<T>(what: () => T | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!process.env.DBUS_SESSION_BUS_ADDRESS)('the keychain setting at start', () => {
  const env = { ...process.env };
  afterAll(async () => {
    fake.app.quit();
    await until(() => fake.app.quitCalls >= 2);
    mod._load = originalLoad;
    process.env = env;
  });

  it('a start after "Cofre de senhas do sistema: @napi-rs/keyring" was saved uses that library', async () => {
    // The previous run: the owner saved the setting (the ledger as the app leaves it).
    const ledger = Ledger.open(path.join(dataDir, 'ledger.sqlite'));
    expect(new SettingsService(ledger.kv).update({ keychain: 'napi-keyring' }).ok).toBe(true);
    ledger.close();

    process.env.BALCAO_DATA_DIR = dataDir;
    delete process.env.BALCAO_KEYCHAIN;
    mod._load = function (request, parent, isMain) {
      if (request === 'electron') return fake;
      return originalLoad.call(this, request, parent, isMain);
    };
    createRequire(import.meta.url)(path.join(root, 'dist/main/index.cjs'));
    await until(() => FakeBrowserWindow.all[0]);
    const log = readFileSync(path.join(dataDir, 'logs', 'main.log'), 'utf8');
    expect(log).toContain('keychain library: napi-keyring');
    expect(log).not.toContain('no OS keychain answers');
  });
});

describe.skipIf(!process.env.DBUS_SESSION_BUS_ADDRESS)(
  'the keychain setting, development host',
  () => {
    it('`npm run start:browser` follows the saved setting too, and BALCAO_KEYCHAIN over it', async () => {
      const dir = tempDir();
      const ledger = Ledger.open(path.join(dir, 'ledger.sqlite'));
      expect(new SettingsService(ledger.kv).update({ keychain: 'napi-keyring' }).ok).toBe(true);
      ledger.close();
      const service = `balcao-test-${process.pid}`;
      const base = { BALCAO_DATA_DIR: dir, BALCAO_KEYCHAIN_SERVICE: service, BALCAO_KEYCHAIN: '' };
      const host = await startHost([], base);
      expect(host.output()).toContain('start:browser: keychain library: napi-keyring');
      await host.stop();
      const forced = await startHost([], { ...base, BALCAO_KEYCHAIN: 'keytar' });
      expect(forced.output()).toContain('start:browser: keychain library: keytar');
      await forced.stop();
    }, 90_000);
  },
);
