// The only import of keytar: secrets in the OS keychain (Keychain, Credential Vault, Secret
// Service), under the service name `balcao`.
import keytar from 'keytar';
import type { SecretKey, SecretStore } from '../../services/secrets/secret-store';

import { answersWithin, KEYCHAIN_SERVICE } from './keychain-common';

export { answersWithin, KEYCHAIN_SERVICE };

export class KeytarSecretStore implements SecretStore {
  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  get(key: SecretKey) {
    return keytar.getPassword(this.service, key);
  }

  async set(key: SecretKey, value: string) {
    await keytar.setPassword(this.service, key, value);
  }

  async delete(key: SecretKey) {
    await keytar.deletePassword(this.service, key);
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
 * Which library talks to the keychain. keytar is the product's default (README: archived
 * upstream, 7.9.0 is its last release); @napi-rs/keyring reads the same entries. Moving the
 * default is this one line.
 */
export const KEYCHAIN_BACKENDS = ['keytar', 'napi-keyring'] as const;
export type KeychainBackend = (typeof KEYCHAIN_BACKENDS)[number];
export const DEFAULT_KEYCHAIN: KeychainBackend = 'keytar';

/** BALCAO_KEYCHAIN when it names a backend, else the default; an unknown name is reported. */
export function keychainBackend(value: string | undefined): {
  backend: KeychainBackend;
  unknown?: string;
} {
  if (!value) return { backend: DEFAULT_KEYCHAIN };
  const known = KEYCHAIN_BACKENDS.find((b) => b === value);
  return known ? { backend: known } : { backend: DEFAULT_KEYCHAIN, unknown: value };
}

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
