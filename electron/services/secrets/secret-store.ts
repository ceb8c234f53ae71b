/**
 * Where secrets live. The app uses the OS keychain (keytar, service `balcao`, in
 * electron/main/adapters); tests and the development host may use the in-memory store.
 * Nothing else in the app ever writes a secret anywhere.
 */
export interface SecretStore {
  get(key: SecretKey): Promise<string | null>;
  set(key: SecretKey, value: string): Promise<void>;
  delete(key: SecretKey): Promise<void>;
}

export const SECRET_KEYS = [
  'psp.clientId',
  'psp.clientSecret',
  'psp.previousClientSecret',
  /** The HMAC key of callbacks when the PSP signs with a secret of its panel (VeoPag). */
  'psp.webhookSecret',
  'psp.previousWebhookSecret',
  'relay.channelToken',
  /** The API Pix kind's client certificate (PEM), its private key and the key's password. */
  'psp.apiPixCert',
  'psp.apiPixKey',
  'psp.apiPixKeyPassword',
  /** The shop journal (issue 36): shop key epochs (JSON), own Ed25519 key (PEM), shop token. */
  'journal.shopKeys',
  'journal.signingKey',
  'journal.shopToken',
  /** This counter's X25519 private key (PEM): opens the owner's new shop key (journal/rekey.ts). */
  'journal.boxKey',
] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<SecretKey, string>();
  async get(key: SecretKey) {
    return this.values.get(key) ?? null;
  }
  async set(key: SecretKey, value: string) {
    this.values.set(key, value);
  }
  async delete(key: SecretKey) {
    this.values.delete(key);
  }
}
