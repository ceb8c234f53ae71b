// The keychain library picked in Configurações, honoured by the built main bundle
// (dist/main/index.cjs, what the installer ships) at its next start: started under Node with the
// fake `electron` module on a data folder whose saved settings name @napi-rs/keyring, and no
// BALCAO_KEYCHAIN, it builds the keychain with that library before the core exists.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { SettingsService } from '../../../electron/services/settings-service';
import { tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';
import { createFakeElectron, FakeBrowserWindow } from '../../helpers/fake-electron';
import { mainBundleOnFake, until } from '../../helpers/main-bundle';

const fake = createFakeElectron();
const dataDir = tempDir();
describe.skipIf(!process.env.DBUS_SESSION_BUS_ADDRESS)('the keychain setting at start', () => {
  const main = mainBundleOnFake(fake);

  it('a start after "Cofre de senhas do sistema: @napi-rs/keyring" was saved uses that library', async () => {
    // The previous run: the owner saved the setting (the ledger as the app leaves it).
    const ledger = Ledger.open(path.join(dataDir, 'ledger.sqlite'));
    expect(new SettingsService(ledger.kv).update({ keychain: 'napi-keyring' }).ok).toBe(true);
    ledger.close();

    process.env.BALCAO_DATA_DIR = dataDir;
    delete process.env.BALCAO_KEYCHAIN;
    main.start();
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
