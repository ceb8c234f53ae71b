import { err, ok, type Result } from '../../../shared/result';
import type { Credentials } from '../psp/auth';
import type { ClientCertificate } from '../psp/api-pix/tls';
import type { Redactor } from '../log';
import type { SecretStore } from './secret-store';

/** A rotated-out client secret and the stored moment after which it is never accepted. */
export interface PreviousSecret {
  secret: string;
  validUntil: number;
}

export const DEFAULT_PREVIOUS_SECRET_MS = 24 * 3_600_000;

/** The keychain entry of a rotation: the old secret with its deadline, fixed now. */
export function previousSecretEntry(secret: string, validUntil: number): string {
  return JSON.stringify({ secret, validUntil } satisfies PreviousSecret);
}

/** The keychain entry: JSON with its deadline. An entry without one (older versions) is void. */
function readPrevious(raw: string): PreviousSecret | null {
  try {
    const v = JSON.parse(raw) as Partial<PreviousSecret>;
    return typeof v.secret === 'string' && typeof v.validUntil === 'number'
      ? { secret: v.secret, validUntil: v.validUntil }
      : null;
  } catch {
    return null;
  }
}

/**
 * PSP credentials cross IPC write-only: set, clear, status. There is no call that returns a
 * secret to the renderer; the PSP client reads them here, on demand.
 *
 * Rotation: saving a new secret keeps the old one for callbacks already signed with it, with
 * a deadline fixed and stored at the rotation (`previousSecretMs` after it, a setting). Past
 * that deadline the old secret is deleted and never accepted again, whatever happens later.
 */
export class CredentialsService {
  private readonly now: () => number;
  private readonly previousSecretMs: () => number;

  constructor(
    private readonly store: SecretStore,
    private readonly redactor: Redactor,
    private readonly onChange: () => void = () => {},
    opts: { now?: () => number; previousSecretMs?: () => number } = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.previousSecretMs = opts.previousSecretMs ?? (() => DEFAULT_PREVIOUS_SECRET_MS);
  }

  async set(c: Credentials): Promise<Result<{ configured: boolean }>> {
    try {
      return await this.write(c);
    } catch {
      return err('unavailable', 'KEYCHAIN_MISSING');
    }
  }

  private async write(c: Credentials): Promise<Result<{ configured: boolean }>> {
    const previous = await this.store.get('psp.clientSecret');
    if (previous && previous !== c.clientSecret) {
      await this.store.set(
        'psp.previousClientSecret',
        previousSecretEntry(previous, this.now() + this.previousSecretMs()),
      );
    }
    await this.store.set('psp.clientId', c.clientId.trim());
    await this.store.set('psp.clientSecret', c.clientSecret);
    this.redactor.add(c.clientSecret);
    this.onChange();
    return ok({ configured: true });
  }

  /**
   * The webhook secret (write-only, like the client secret): the HMAC key of callbacks for PSPs
   * that sign with a secret of their panel. Rotated like the client secret: the old one is kept
   * for callbacks already signed with it until its stored deadline. Empty: removed (the client
   * secret is the key again).
   */
  async setWebhookSecret(secret: string): Promise<Result<{ webhookSecret: boolean }>> {
    try {
      const previous = await this.store.get('psp.webhookSecret');
      if (previous && previous !== secret) {
        await this.store.set(
          'psp.previousWebhookSecret',
          previousSecretEntry(previous, this.now() + this.previousSecretMs()),
        );
      }
      if (secret === '') await this.store.delete('psp.webhookSecret');
      else {
        await this.store.set('psp.webhookSecret', secret);
        this.redactor.add(secret);
      }
      this.onChange();
      return ok({ webhookSecret: secret !== '' });
    } catch {
      return err('unavailable', 'KEYCHAIN_MISSING');
    }
  }

  /** For the callback verifier only: the webhook secret and a rotated-out one still valid. */
  async webhookSecrets(): Promise<{ current: string; previous?: PreviousSecret } | null> {
    const current = await this.store.get('psp.webhookSecret');
    if (!current) return null;
    this.redactor.add(current);
    const raw = await this.store.get('psp.previousWebhookSecret');
    const previous = raw === null ? null : readPrevious(raw);
    if (raw !== null && (!previous || this.now() > previous.validUntil))
      await this.store.delete('psp.previousWebhookSecret');
    const valid = previous && this.now() <= previous.validUntil ? previous : null;
    if (valid) this.redactor.add(valid.secret);
    return { current, ...(valid && { previous: valid }) };
  }

  async clear(): Promise<Result<{ configured: boolean }>> {
    for (const k of [
      'psp.clientId',
      'psp.clientSecret',
      'psp.previousClientSecret',
      'psp.webhookSecret',
      'psp.previousWebhookSecret',
      'psp.apiPixCert',
      'psp.apiPixKey',
      'psp.apiPixKeyPassword',
    ] as const)
      await this.store.delete(k);
    this.onChange();
    return ok({ configured: false });
  }

  async status(): Promise<
    Result<{
      configured: boolean;
      relayToken: boolean;
      webhookSecret: boolean;
      clientCertificate: boolean;
    }>
  > {
    return ok({
      clientCertificate: (await this.store.get('psp.apiPixCert')) !== null,
      configured: (await this.read()) !== null,
      webhookSecret: (await this.store.get('psp.webhookSecret')) !== null,
      relayToken: (await this.store.get('relay.channelToken')) !== null,
    });
  }

  /** The relay channel's subscriber token (a secret too: keychain only). */
  async setRelayToken(token: string): Promise<Result<{ relayToken: true }>> {
    await this.store.set('relay.channelToken', token);
    this.redactor.add(token);
    this.onChange();
    return ok({ relayToken: true as const });
  }

  /**
   * The API Pix client certificate, key and password: write-only like every secret (the
   * renderer learns only whether one is stored). Empty text removes it.
   */
  async setClientCertificate(
    c: ClientCertificate,
  ): Promise<Result<{ clientCertificate: boolean }>> {
    try {
      const entries = [
        ['psp.apiPixCert', c.certPem],
        ['psp.apiPixKey', c.keyPem],
        ['psp.apiPixKeyPassword', c.passphrase ?? ''],
      ] as const;
      for (const [k, v] of entries) {
        if (v.trim() === '') await this.store.delete(k);
        else await this.store.set(k, v);
      }
      this.addCertificateSecrets(c);
      this.onChange();
      return ok({ clientCertificate: c.certPem.trim() !== '' });
    } catch {
      return err('unavailable', 'KEYCHAIN_MISSING');
    }
  }

  /** For the API Pix client only. */
  async clientCertificate(): Promise<ClientCertificate | null> {
    const [certPem, keyPem, passphrase] = await Promise.all([
      this.store.get('psp.apiPixCert'),
      this.store.get('psp.apiPixKey'),
      this.store.get('psp.apiPixKeyPassword'),
    ]);
    if (!certPem) return null;
    const c = { certPem, keyPem: keyPem ?? '', ...(passphrase && { passphrase }) };
    this.addCertificateSecrets(c);
    return c;
  }

  private addCertificateSecrets(c: ClientCertificate): void {
    if (c.passphrase) this.redactor.add(c.passphrase);
    // The key's base64 body, line by line: a log line never carries a piece of it.
    for (const line of c.keyPem.split('\n')) if (line.length >= 32) this.redactor.add(line.trim());
  }

  /** For the PSP client and the callback verifier only. */
  async read(): Promise<Credentials | null> {
    const [clientId, clientSecret] = await Promise.all([
      this.store.get('psp.clientId'),
      this.store.get('psp.clientSecret'),
    ]);
    if (!clientId || !clientSecret) return null;
    this.redactor.add(clientSecret);
    return { clientId, clientSecret };
  }

  /** The rotated-out secret while its stored deadline lasts; null (and deleted) after it. */
  async previousSecret(): Promise<PreviousSecret | null> {
    const raw = await this.store.get('psp.previousClientSecret');
    if (raw === null) return null;
    const previous = readPrevious(raw);
    if (!previous || this.now() > previous.validUntil) {
      await this.store.delete('psp.previousClientSecret');
      return null;
    }
    this.redactor.add(previous.secret);
    return previous;
  }
}
