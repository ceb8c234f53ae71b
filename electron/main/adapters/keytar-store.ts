// The only import of keytar: secrets in the OS keychain (Keychain, Credential Vault, Secret
// Service), under the service name `balcao`.
import keytar from 'keytar';
import {
  DEFAULT_KEYCHAIN,
  KEYCHAIN_BACKENDS,
  type KeychainBackend,
} from '../../../shared/settings';
import type { SecretKey, SecretStore } from '../../services/secrets/secret-store';
import { answersWithin, KEYCHAIN_SERVICE } from './keychain-common';

export { answersWithin, KEYCHAIN_SERVICE };

/**
 * keytar's own entries first. An owner who ran on @napi-rs/keyring (settings, "Cofre de senhas
 * do sistema") and came back finds what it wrote: on Linux and Windows that library's entry is
 * not keytar's (napi-keyring-store.ts), so a secret missing here is read there and moved over
 * once, as the other adapter does with keytar's. A write or delete removes the other library's
 * entry too, so a stale secret never comes back after another switch.
 */
export class KeytarSecretStore implements SecretStore {
  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  async get(key: SecretKey) {
    const value = await keytar.getPassword(this.service, key);
    if (value != null) return value;
    const other = await this.napiEntry(key);
    const moved = await other?.getPassword().catch(() => null);
    if (moved == null) return null;
    await keytar.setPassword(this.service, key, moved);
    await other!.deletePassword().catch(() => false);
    return moved;
  }

  async set(key: SecretKey, value: string) {
    await keytar.setPassword(this.service, key, value);
    await this.deleteNapiEntry(key);
  }

  async delete(key: SecretKey) {
    await keytar.deletePassword(this.service, key);
    await this.deleteNapiEntry(key);
  }

  /**
   * @napi-rs/keyring's entry for the key, where it is not keytar's (macOS: the same generic
   * password item, nothing to move). Null if that library does not load here: keytar, the
   * default, never depends on it. By key only: keytar's findCredentials over a service holding
   * that library's items (no `account` attribute) crashes the process.
   */
  private async napiEntry(key: SecretKey) {
    if (process.platform !== 'linux' && process.platform !== 'win32') return null;
    try {
      const { AsyncEntry } = await import('@napi-rs/keyring');
      return new AsyncEntry(this.service, key, { linux: { store: 'secret-service' } });
    } catch {
      return null;
    }
  }

  private async deleteNapiEntry(key: SecretKey) {
    await (await this.napiEntry(key))?.deletePassword().catch(() => false);
  }

  /**
   * Whether a keychain answers at all (a Linux PC without a Secret Service, a locked-down
   * Windows profile…). A read that fails or hangs means no: live mode needs a keychain.
   */
  available(timeoutMs = 5000): Promise<boolean> {
    return answersWithin(() => keytar.getPassword(this.service, 'psp.clientId'), timeoutMs);
  }
}

export const KEYCHAIN_UNAVAILABLE = 'KEYCHAIN_UNAVAILABLE';

/**
 * Where no keychain answers: nothing is stored, so the app starts in DEMO mode, and any attempt
 * to save a credential fails (`KEYCHAIN_UNAVAILABLE`) instead of writing it anywhere else.
 */
export class UnavailableKeychain implements SecretStore {
  readonly unavailable = true;
  async get() {
    return null;
  }
  async set(): Promise<void> {
    throw new Error(KEYCHAIN_UNAVAILABLE);
  }
  async delete(): Promise<void> {}
}

/**
 * Which library talks to the keychain: BALCAO_KEYCHAIN when it names one (tests, operations),
 * else the owner's setting read at start (`stored`, stored-keychain.ts), else the default
 * (shared/settings.ts: KEYCHAIN_BACKENDS, DEFAULT_KEYCHAIN). An unknown name is reported.
 */
export function keychainBackend(
  value: string | undefined,
  stored?: KeychainBackend,
): {
  backend: KeychainBackend;
  unknown?: string;
} {
  const fallback = stored ?? DEFAULT_KEYCHAIN;
  if (!value) return { backend: fallback };
  const known = KEYCHAIN_BACKENDS.find((b) => b === value);
  return known ? { backend: known } : { backend: fallback, unknown: value };
}
export { DEFAULT_KEYCHAIN, KEYCHAIN_BACKENDS, type KeychainBackend };

/** The keychain when it answers, else the refusing store; `onUnavailable` is told once. */
export async function osKeychain(
  onUnavailable: () => void,
  backend: KeychainBackend = DEFAULT_KEYCHAIN,
): Promise<SecretStore> {
  const keychain =
    backend === 'napi-keyring'
      ? new (await import('./napi-keyring-store')).NapiKeyringSecretStore()
      : new KeytarSecretStore();
  if (await keychain.available()) return keychain;
  onUnavailable();
  return new UnavailableKeychain();
}
