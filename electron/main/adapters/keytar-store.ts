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
}
