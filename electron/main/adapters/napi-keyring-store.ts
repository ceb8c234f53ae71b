// The second keychain adapter, on @napi-rs/keyring (maintained; Rust `keyring` crate; prebuilt
// Node-API binaries, so nothing is compiled at install and one build loads in Node and Electron).
// Same service and account names as keytar, but not the same entry everywhere: on Linux keytar
// stores Secret Service attributes {service, account} while keyring-rs stores {service, username,
// target}, and on Windows keytar's target name is `service/account` (keyring-rs:
// `account.service`). So a secret not found under the new entry is looked up where keytar put
// it, moved over once (test/integration/host/keychain-adapters.test.ts, Linux), and the owner
// retypes nothing. Chosen with BALCAO_KEYCHAIN=napi-keyring (README).
import { AsyncEntry } from '@napi-rs/keyring';
import type { SecretKey, SecretStore } from '../../services/secrets/secret-store';
import { answersWithin, KEYCHAIN_SERVICE } from './keychain-common';

// Linux: the Secret Service only. Without this the library falls back to the kernel keyring,
// which is memory-only (credentials gone at reboot) — the app refuses live mode instead.
const OPTIONS = { linux: { store: 'secret-service' } } as const;

export class NapiKeyringSecretStore implements SecretStore {
  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  private entry(key: SecretKey) {
    return new AsyncEntry(this.service, key, OPTIONS);
  }

  async get(key: SecretKey) {
    const value = await this.entry(key).getPassword();
    if (value != null) return value;
    const legacy = await this.keytarEntry(key);
    if (legacy == null) return null;
    // Moved once: copied to the new entry, then keytar's removed so a later delete or rotation
    // can never bring the old secret back.
    await this.entry(key).setPassword(legacy);
    await this.deleteKeytarEntry(key);
    return legacy;
  }

  async set(key: SecretKey, value: string) {
    await this.entry(key).setPassword(value);
    await this.deleteKeytarEntry(key);
  }

  async delete(key: SecretKey) {
    await this.entry(key).deletePassword();
    await this.deleteKeytarEntry(key);
  }

  /** What keytar stored under this service and account, if anything. */
  private async keytarEntry(key: SecretKey): Promise<string | null> {
    if (process.platform === 'win32') {
      // keytar writes the secret's UTF-8 bytes; keyring-rs's getPassword expects UTF-16.
      const bytes = await this.windowsKeytarEntry(key).getSecret();
      return bytes == null ? null : Buffer.from(bytes).toString('utf8');
    }
    if (process.platform !== 'linux') return null; // macOS: the same generic password item
    // keyring-rs cannot address an item by keytar's attributes (its findCredentials does not
    // see them either, tried), so keytar — still shipped, it is the default — reads and removes
    // its own items. Drop keytar only after a release in which every shop has moved.
    return keytarModule().then((k) => k.getPassword(this.service, key));
  }

  private async deleteKeytarEntry(key: SecretKey) {
    if (process.platform === 'win32') await this.windowsKeytarEntry(key).deletePassword();
    else if (process.platform === 'linux')
      await keytarModule().then((k) => k.deletePassword(this.service, key));
  }

  private windowsKeytarEntry(key: SecretKey) {
    return AsyncEntry.withTarget(`${this.service}/${key}`, this.service, key, OPTIONS);
  }

  /** Whether a keychain answers (constructing an entry throws where no Secret Service runs). */
  available(timeoutMs = 5000): Promise<boolean> {
    return answersWithin(() => this.get('psp.clientId'), timeoutMs);
  }
}

const keytarModule = () => import('keytar').then((m) => m.default);
