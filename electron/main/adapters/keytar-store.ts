// The only import of keytar: secrets in the OS keychain (Keychain, Credential Vault, Secret
// Service), under the service name `balcao`.
import keytar from 'keytar';
import type { SecretKey, SecretStore } from '../../services/secrets/secret-store';

export const KEYCHAIN_SERVICE = 'balcao';

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
  async available(timeoutMs = 5000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref?.();
    });
    const probe = keytar.getPassword(this.service, 'psp.clientId').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
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

/** The keychain when it answers, else the refusing store; `onUnavailable` is told once. */
export async function osKeychain(onUnavailable: () => void): Promise<SecretStore> {
  const keychain = new KeytarSecretStore();
  if (await keychain.available()) return keychain;
  onUnavailable();
  return new UnavailableKeychain();
}
