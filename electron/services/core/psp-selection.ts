import { pspSettingsSchema } from '../../../shared/psp-settings';
import type { Result } from '../../../shared/result';
import type { KvRepo } from '../ledger/kv-repo';
import type { Logger, Redactor } from '../log';
import type { Credentials } from '../psp/auth';
import { PspClient } from '../psp/client';
import { ApiPixClient } from '../psp/api-pix/client';
import { payerFetch, type OwnedFetch } from '../psp/api-pix/tls';
import type { CredentialsService, PreviousSecret } from '../secrets/credentials-service';
import type { SettingsService } from '../settings-service';

/** An embedded PSP for DEMO mode (the composition root starts the sandbox and hands it over). */
export interface DemoPsp {
  baseUrl: string;
  credentials: Credentials;
  /** "Simular pagamento". */
  pay(pspTransactionId: string): Promise<Result<true>>;
  /** The embedded relay the demo PSP calls back through. */
  relay?: { url: string; channelId: string; token: string };
  close(): Promise<void>;
}

export type Mode = 'demo' | 'live';

/** The development host's `--psp`: that PSP, with credentials from the environment. */
export interface PspOverride {
  baseUrl: string;
  credentials: Credentials | null;
  /** `BALCAO_WEBHOOK_SECRET`: the callbacks' HMAC key, never stored. */
  webhookSecret?: string;
  statusQueryPath?: string;
}

export interface PspSelectionDeps {
  dataDir: string;
  kv: KvRepo;
  settings: SettingsService;
  credentials: CredentialsService;
  now: () => number;
  logger: Logger;
  redactor: Redactor;
  startDemo?: (dataDir: string) => Promise<DemoPsp>;
  override?: PspOverride;
  /** The PSP calls' fetch (psp-health.ts watches it). */
  fetch?: typeof fetch;
  /** Wraps the API Pix client's own mutual-TLS fetch, so its calls are watched too. */
  observe?: (f: typeof fetch) => typeof fetch;
  /**
   * The API Pix kind against a sandbox: its CA to trust, and its location name mapped to the
   * loopback address (a BR Code's location has no port). Never set for a shop's real PSP.
   */
  apiPixTrust?: { ca?: string; hosts?: Record<string, string> };
}

/** Where the chosen mode is kept: `live` only after `Salvar e usar` succeeded. */
export const MODE_KEY = 'app.mode';

/**
 * Which PSP the terminal talks to, and with which credentials: the embedded DEMO sandbox, the
 * development host's `--psp`, or the shop's own PSP (settings + keychain). A fresh install is
 * DEMO until the owner connects a PSP; `goLive()` switches without a restart.
 */
export class PspSelection {
  private current: Mode = 'demo';
  private demoPsp: DemoPsp | null = null;
  private client: PspClient | null = null;
  private apiPixClient: { client: ApiPixClient; payer: OwnedFetch } | null = null;
  /** The keychain failed to answer (no Secret Service): live credentials cannot be read. */
  keychainMissing = false;

  private constructor(private readonly deps: PspSelectionDeps) {}

  static async open(deps: PspSelectionDeps): Promise<PspSelection> {
    const s = new PspSelection(deps);
    await s.choose();
    return s;
  }

  private async choose(): Promise<void> {
    const { deps } = this;
    if (deps.override) {
      this.current = 'live';
      // A --psp sandbox answers the A10 status query.
      deps.settings.seed({
        psp: {
          statusQueryPath: deps.override.statusQueryPath ?? deps.settings.get().psp.statusQueryPath,
        },
      });
      return;
    }
    let saved = deps.kv.get<Mode>(MODE_KEY);
    if (saved === undefined && deps.settings.get().psp.baseUrl) {
      // An install from before onboarding existed: live when it has credentials.
      if (await this.storedCredentials()) deps.kv.set(MODE_KEY, (saved = 'live'));
    }
    if (saved === 'live' || !deps.startDemo) {
      this.current = 'live';
      return;
    }
    this.demoPsp = await deps.startDemo(deps.dataDir);
    this.current = 'demo';
    deps.settings.seed({ psp: { statusQueryPath: '/transactions/{id}' } });
  }

  get mode(): Mode {
    return this.current;
  }

  get demo(): DemoPsp | null {
    return this.demoPsp;
  }

  get isOverride(): boolean {
    return !!this.deps.override;
  }

  baseUrl(): string {
    return (
      this.demoPsp?.baseUrl ?? this.deps.override?.baseUrl ?? this.deps.settings.get().psp.baseUrl
    );
  }

  /** The credentials in use; the keychain's for a live shop. */
  async credentials(): Promise<Credentials | null> {
    if (this.demoPsp) return this.demoPsp.credentials;
    if (this.deps.override) return this.deps.override.credentials;
    return this.storedCredentials();
  }

  /** A secret rotated away still verifies callbacks signed with it (live shops only). */
  async previousSecret(): Promise<PreviousSecret | null> {
    if (this.demoPsp || this.deps.override) return null;
    return this.deps.credentials.previousSecret().catch(() => null);
  }

  /** The webhook secret in use (with a rotated-out one), or null: the client secret signs. */
  async webhookSecrets(): Promise<{ current: string; previous?: PreviousSecret } | null> {
    if (this.demoPsp) return null;
    if (this.deps.override)
      return this.deps.override.webhookSecret
        ? { current: this.deps.override.webhookSecret }
        : null;
    return this.deps.credentials.webhookSecrets().catch(() => null);
  }

  private async storedCredentials(): Promise<Credentials | null> {
    try {
      const c = await this.deps.credentials.read();
      this.keychainMissing = false;
      return c;
    } catch (e) {
      if (!this.keychainMissing)
        this.deps.logger.error('keychain unavailable', { error: String(e) });
      this.keychainMissing = true;
      return null;
    }
  }

  /** The PSP client for the current mode and settings (rebuilt after a change). */
  psp(): PspClient {
    const s = this.deps.settings.get().psp;
    this.client ??= new PspClient({
      settings: pspSettingsSchema.parse({
        ...s,
        baseUrl: this.baseUrl() || 'https://psp.invalid/api',
        ...(this.demoPsp && { statusQueryPath: '/transactions/{id}' }),
      }),
      credentials: () => this.credentials(),
      ...(this.deps.fetch && { fetch: this.deps.fetch }),
      now: this.deps.now,
      logger: this.deps.logger,
      redactor: this.deps.redactor,
    });
    return this.client;
  }

  /** The settings say which kind of PSP charges go to. */
  get kind(): 'family' | 'api-pix' {
    return this.demoPsp ? 'family' : this.deps.settings.get().psp.kind;
  }

  /** The API Pix client (psp.kind `api-pix`): mutual TLS with the certificate in the keychain. */
  apiPix(): ApiPixClient {
    if (this.apiPixClient) return this.apiPixClient.client;
    const s = this.deps.settings.get().psp;
    const trust = this.deps.apiPixTrust ?? {};
    const payer = payerFetch(trust);
    const client = new ApiPixClient({
      settings: pspSettingsSchema.parse({ ...s, baseUrl: this.baseUrl() || 'https://psp.invalid' }),
      credentials: () => this.credentials(),
      certificate: () => this.deps.credentials.clientCertificate().catch(() => null),
      payerFetch: payer.fetch,
      ...(trust.ca && { ca: trust.ca }),
      ...(this.deps.observe && { observe: this.deps.observe }),
      now: this.deps.now,
      logger: this.deps.logger,
      redactor: this.deps.redactor,
    });
    this.apiPixClient = { client, payer };
    return client;
  }

  /** Settings or credentials changed: the next call builds a new client (and logs in again). */
  invalidate(): void {
    this.client = null;
    const old = this.apiPixClient;
    this.apiPixClient = null;
    void old?.client.close().then(() => old.payer.close());
  }

  /**
   * Leaves DEMO for the shop's own PSP (after the settings and keychain were saved). The DEMO
   * ledger stays; the embedded sandbox stops, so nothing of DEMO can reach the live account.
   */
  async goLive(): Promise<void> {
    this.deps.kv.set(MODE_KEY, 'live');
    this.current = 'live';
    this.client = null;
    const demo = this.demoPsp;
    this.demoPsp = null;
    await demo?.close();
  }

  async close(): Promise<void> {
    this.invalidate();
    await this.demoPsp?.close();
  }
}
