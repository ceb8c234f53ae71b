import { err, ok, type Result } from '../../../shared/result';
import type { Credentials } from '../psp/auth';
import type { Redactor } from '../log';
import type { SecretStore } from './secret-store';

/**
 * PSP credentials cross IPC write-only: set, clear, status. There is no call that returns a
 * secret to the renderer; the PSP client reads them here, on demand.
 */
export class CredentialsService {
  constructor(
    private readonly store: SecretStore,
    private readonly redactor: Redactor,
    private readonly onChange: () => void = () => {},
  ) {}

  async set(c: Credentials): Promise<Result<{ configured: boolean }>> {
    try {
      return await this.write(c);
    } catch {
      return err(
        'unavailable',
        'KEYCHAIN_MISSING',
        'O cofre de senhas do sistema não respondeu; instale gnome-keyring (ou outro Secret Service).',
      );
    }
  }

  private async write(c: Credentials): Promise<Result<{ configured: boolean }>> {
    const previous = await this.store.get('psp.clientSecret');
    if (previous && previous !== c.clientSecret)
      await this.store.set('psp.previousClientSecret', previous);
    await this.store.set('psp.clientId', c.clientId.trim());
    await this.store.set('psp.clientSecret', c.clientSecret);
    this.redactor.add(c.clientSecret);
    this.onChange();
    return ok({ configured: true });
  }

  async clear(): Promise<Result<{ configured: boolean }>> {
    for (const k of ['psp.clientId', 'psp.clientSecret', 'psp.previousClientSecret'] as const)
      await this.store.delete(k);
    this.onChange();
    return ok({ configured: false });
  }

  async status(): Promise<Result<{ configured: boolean; relayToken: boolean }>> {
    return ok({
      configured: (await this.read()) !== null,
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

  async previousSecret(): Promise<string | null> {
    return this.store.get('psp.previousClientSecret');
  }
}
