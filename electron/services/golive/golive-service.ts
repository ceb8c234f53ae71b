import {
  checkConnection,
  checkGoLive,
  type ConnectionTestInput,
  type FieldProblem,
  type GoLiveInput,
} from '../../../shared/onboarding';
import { apiPixPresetSettings } from '../../../shared/api-pix-presets';
import {
  hookUrlOf,
  webhookOutcome,
  webhookRegistrationSchema,
  type WebhookRegistration,
} from '../../../shared/api-pix-webhook';
import { pspPresetSettings } from '../../../shared/psp-presets';
import { pspSettingsSchema, type PspSettingsInput } from '../../../shared/psp-settings';
import { withUnits } from '../../../shared/psp-units';
import { err, ok, type Err, type Result } from '../../../shared/result';
import type { Ledger } from '../ledger/ledger';
import type { Redactor } from '../log';
import type { OwnerService } from '../owner/owner-service';
import type { Credentials } from '../psp/auth';
import type { SecretKey, SecretStore } from '../secrets/secret-store';
import { previousSecretEntry } from '../secrets/credentials-service';
import type { SettingsService } from '../settings-service';
import type { ClientCertificate } from '../psp/api-pix/tls';
import { testApiPixConnection } from './api-pix-connection-test';
import { testConnection, type ConnectionReport } from './connection-test';
import { createRelayChannel } from './relay-channel';

export interface GoLiveDeps {
  ledger: Ledger;
  settings: SettingsService;
  secrets: SecretStore;
  owner: OwnerService;
  redactor: Redactor;
  now: () => number;
  fetch?: typeof fetch;
  /** Switches the running terminal to the saved PSP (no restart). */
  switchToLive: () => Promise<void>;
  /** False when the PSP is fixed from outside (the development host's `--psp`). */
  canSwitch: () => boolean;
  /** How long `Testar conexão` waits for its self-test callback (default 10 s). */
  callbackBoundMs?: number;
  /**
   * The API Pix kind: `PUT /webhook/{chave}` with this terminal's hook URL (the relay's, behind
   * the shop's mutual-TLS proxy) once the settings are saved.
   */
  registerApiPixWebhook?: (hookUrl: string) => Promise<Result<true>>;
  /** The API Pix kind against a sandbox (its CA, its location names); never for a real shop. */
  apiPixTrust?: { ca?: string; hosts?: Record<string, string> };
}

const CERT_KEYS = ['psp.apiPixCert', 'psp.apiPixKey', 'psp.apiPixKeyPassword'] as const;

/** The PSP settings a form names: the family's preset, or the API Pix kind with its own. */
export function pspSettingsOf(i: ConnectionTestInput): Omit<PspSettingsInput, 'baseUrl'> {
  if (i.kind !== 'api-pix' || !i.apiPix)
    return { ...pspPresetSettings(i.preset), chargeOperation: i.chargeOperation };
  const { preset, ...apiPix } = i.apiPix;
  return {
    // A bank of no preset: a repeated PUT is not assumed to answer the same cob (Efí's is a 409).
    ...(preset ? apiPixPresetSettings(preset) : { kind: 'api-pix', idempotentCreate: false }),
    kind: 'api-pix',
    // The status query is the API Pix client's own GET /cob/{txid} (the path says so; the API
    // Pix client does not read it); a webhook is only a hint it confirms.
    callbackPolicy: 'confirm-by-query',
    statusQueryPath: '/cob/{id}',
    apiPix: { ...apiPix, tokenUrl: apiPix.tokenUrl.trim(), chave: apiPix.chave.trim(), preset },
  };
}

const WELCOME_KEY = 'onboarding.dismissed';
const WEBHOOK_KEY = 'apiPix.webhook';

export const KEYCHAIN_MISSING = err('unavailable', 'KEYCHAIN_MISSING');

const problem = (p: FieldProblem): Err => err('validation', p.code, { field: p.field });

/**
 * First run and `Conectar ao PSP`: test a connection without storing anything, then save
 * everything (owner PIN, settings, credentials, relay) or nothing, and go live at once.
 */
export class GoLiveService {
  constructor(private readonly deps: GoLiveDeps) {}

  welcomeDismissed(): boolean {
    return this.deps.ledger.kv.get<boolean>(WELCOME_KEY) === true;
  }

  /** `Experimentar (DEMO)`: the welcome is not shown again. */
  dismissWelcome(): void {
    this.deps.ledger.kv.set(WELCOME_KEY, true);
  }

  /** Whether the OS keychain answers (without it, live mode is refused). */
  async keychainAvailable(): Promise<boolean> {
    try {
      await this.deps.secrets.get('psp.clientId');
      return true;
    } catch {
      return false;
    }
  }

  private async stored(): Promise<{
    creds: Credentials | null;
    relayToken: boolean;
    certificate: ClientCertificate | null;
  }> {
    try {
      const [clientId, clientSecret, relayToken, certPem, keyPem, passphrase] = await Promise.all([
        this.deps.secrets.get('psp.clientId'),
        this.deps.secrets.get('psp.clientSecret'),
        this.deps.secrets.get('relay.channelToken'),
        ...CERT_KEYS.map((k) => this.deps.secrets.get(k)),
      ]);
      return {
        creds: clientId && clientSecret ? { clientId, clientSecret } : null,
        relayToken: !!relayToken,
        certificate: certPem
          ? { certPem, keyPem: keyPem ?? '', ...(passphrase && { passphrase }) }
          : null,
      };
    } catch {
      return { creds: null, relayToken: false, certificate: null };
    }
  }

  /** The certificate the form typed, else the stored one. */
  private certificateOf(
    i: ConnectionTestInput,
    stored: ClientCertificate | null,
  ): ClientCertificate | null {
    const c = i.certificate;
    if (!c?.certPem.trim()) return stored;
    if (c.passphrase) this.deps.redactor.add(c.passphrase);
    return {
      certPem: c.certPem,
      keyPem: c.keyPem,
      ...(c.passphrase && { passphrase: c.passphrase }),
    };
  }

  async test(i: ConnectionTestInput): Promise<Result<ConnectionReport & { keychain: boolean }>> {
    const stored = await this.stored();
    const bad = checkConnection(i, {
      hasStoredCredentials: !!stored.creds,
      hasStoredCertificate: !!stored.certificate,
    });
    if (bad[0]) return problem(bad[0]);
    const credentials =
      i.clientId.trim() || i.clientSecret
        ? { clientId: i.clientId.trim(), clientSecret: i.clientSecret }
        : stored.creds!;
    this.deps.redactor.add(credentials.clientSecret);
    if (i.kind === 'api-pix') {
      const report = await testApiPixConnection({
        settings: pspSettingsSchema.parse({ ...pspSettingsOf(i), baseUrl: i.baseUrl.trim() }),
        credentials,
        certificate: this.certificateOf(i, stored.certificate),
        redactor: this.deps.redactor,
        now: this.deps.now,
        relay: await this.relayToTest(i),
        ...(this.deps.apiPixTrust && { trust: this.deps.apiPixTrust }),
        ...(this.deps.fetch && { fetch: this.deps.fetch }),
        ...(this.deps.callbackBoundMs && { callbackBoundMs: this.deps.callbackBoundMs }),
      });
      return ok({ ...report, keychain: await this.keychainAvailable() });
    }
    const report = await testConnection({
      settings: { ...pspPresetSettings(i.preset), chargeOperation: i.chargeOperation },
      baseUrl: i.baseUrl,
      credentials,
      redactor: this.deps.redactor,
      now: this.deps.now,
      webhookSecret: await this.secret('psp.webhookSecret'),
      relay: await this.relayToTest(i),
      ...(this.deps.fetch && { fetch: this.deps.fetch }),
      ...(this.deps.callbackBoundMs && { callbackBoundMs: this.deps.callbackBoundMs }),
    });
    return ok({ ...report, keychain: await this.keychainAvailable() });
  }

  private async secret(key: SecretKey): Promise<string | null> {
    try {
      return await this.deps.secrets.get(key);
    } catch {
      return null;
    }
  }

  /** The relay the form names (else the saved one), with its token typed or stored. */
  private async relayToTest(
    i: ConnectionTestInput,
  ): Promise<{ url: string; channelId: string; token: string } | 'pending' | null> {
    const r = i.relay ?? { ...this.deps.settings.get().relay, token: '', adminToken: '' };
    if (!r.url.trim()) return null;
    if (r.adminToken && !r.channelId.trim()) return 'pending';
    const token = r.token || (await this.secret('relay.channelToken'));
    if (!token) return 'pending';
    return { url: r.url.trim(), channelId: r.channelId.trim(), token };
  }

  async save(i: GoLiveInput): Promise<Result<{ mode: 'live'; webhook?: WebhookRegistration }>> {
    const { deps } = this;
    if (!deps.canSwitch()) return err('conflict', 'PSP_FIXED');
    const needsPin = !deps.owner.hasPin();
    if (!(await this.keychainAvailable())) return KEYCHAIN_MISSING;
    const stored = await this.stored();
    const bad = checkGoLive(i, {
      needsPin,
      hasStoredCredentials: !!stored.creds,
      hasRelayToken: stored.relayToken,
      hasStoredCertificate: !!stored.certificate,
    });
    if (bad[0]) return problem(bad[0]);

    // The relay channel: given, or created now with the admin token (which is never kept).
    let relay = {
      url: i.relay.url.trim(),
      channelId: i.relay.channelId.trim(),
      token: i.relay.token,
    };
    if (relay.url && i.relay.adminToken) {
      const created = await createRelayChannel(relay.url, i.relay.adminToken, deps.fetch);
      if (!created.ok) return created;
      relay = { ...relay, ...created.value };
    }
    if (!relay.url) relay = { url: '', channelId: '', token: '' };

    const next = deps.settings.check({
      psp:
        i.kind === 'api-pix'
          ? { ...pspSettingsOf(i), baseUrl: i.baseUrl.trim() }
          : {
              // The family's preset says `kind: 'family'` (a shop leaving the API Pix).
              ...withUnits(pspPresetSettings(i.preset), i.units ?? {}),
              baseUrl: i.baseUrl.trim(),
              chargeOperation: i.chargeOperation,
            },
      relay: { url: relay.url, channelId: relay.channelId },
      printer: { ...i.printer, name: i.printer.name.trim() },
      // Only when typed: an empty `Pagador padrão` keeps whatever is set (checked by checkGoLive).
      ...(i.defaultPayer &&
        Object.values(i.defaultPayer).some((v) => v.trim()) && {
          defaultPayer: {
            name: i.defaultPayer.name.trim(),
            document: i.defaultPayer.document.trim(),
            email: i.defaultPayer.email.trim(),
            phone: i.defaultPayer.phone.trim(),
          },
        }),
    });
    if (!next.ok) return next;
    const pin = needsPin ? await deps.owner.hashPin(i.newPin!) : null;

    // Secrets first (each previous value kept to put back), then one ledger transaction.
    const writes: Array<[SecretKey, string]> = [];
    if (i.clientId.trim() || i.clientSecret) {
      const previousSecret = stored.creds?.clientSecret;
      // A rotation: the old secret verifies callbacks until a deadline fixed now (D3).
      if (previousSecret && previousSecret !== i.clientSecret) {
        const hours = deps.settings.get().psp.callback.previousSecretHours;
        writes.push([
          'psp.previousClientSecret',
          previousSecretEntry(previousSecret, deps.now() + hours * 3_600_000),
        ]);
      }
      writes.push(['psp.clientId', i.clientId.trim()], ['psp.clientSecret', i.clientSecret]);
    }
    if (i.webhookSecret) {
      // Rotated like the client secret: callbacks signed with the old one still verify a while.
      const previous = await deps.secrets.get('psp.webhookSecret').catch(() => null);
      if (previous && previous !== i.webhookSecret) {
        const hours = deps.settings.get().psp.callback.previousSecretHours;
        writes.push([
          'psp.previousWebhookSecret',
          previousSecretEntry(previous, deps.now() + hours * 3_600_000),
        ]);
      }
      writes.push(['psp.webhookSecret', i.webhookSecret]);
    }
    if (relay.token) writes.push(['relay.channelToken', relay.token]);
    const cert = i.kind === 'api-pix' ? i.certificate : undefined;
    if (cert?.certPem.trim())
      writes.push(
        ['psp.apiPixCert', cert.certPem],
        ['psp.apiPixKey', cert.keyPem],
        ['psp.apiPixKeyPassword', cert.passphrase],
      );
    const undo: Array<[SecretKey, string | null]> = [];
    try {
      for (const [key, value] of writes) {
        undo.push([key, await deps.secrets.get(key)]);
        // An empty key or password (a PEM holding both, a key without one) is no entry at all.
        if (value === '') await deps.secrets.delete(key);
        else {
          await deps.secrets.set(key, value);
          deps.redactor.add(value);
        }
      }
      deps.ledger.tx(() => {
        deps.settings.update(next.value);
        if (pin) deps.owner.storePin(pin);
      });
    } catch {
      await this.restore(undo);
      return KEYCHAIN_MISSING;
    }
    await deps.switchToLive();
    if (i.kind !== 'api-pix' || !deps.registerApiPixWebhook) {
      deps.ledger.kv.delete(WEBHOOK_KEY);
      return ok({ mode: 'live' as const });
    }
    // The API Pix: the PSP is told where to post payments (the relay's hook URL; the PSP appends
    // `/pix`). Saved either way: payments are then found by the status query alone. What the
    // PSP answered is kept for the owner to read (onboarding's last step, Configurações).
    const hook = hookUrlOf(relay);
    const answer = hook ? await deps.registerApiPixWebhook(hook) : null;
    const webhook = webhookOutcome(hook, answer, deps.now());
    deps.ledger.kv.set(WEBHOOK_KEY, webhook);
    return ok({ mode: 'live' as const, webhook });
  }

  /** The last `PUT /webhook/{chave}`'s outcome (API Pix), null when none was tried. */
  webhookRegistration(): WebhookRegistration | null {
    const v = webhookRegistrationSchema.safeParse(this.deps.ledger.kv.get(WEBHOOK_KEY));
    return v.success ? v.data : null;
  }

  private async restore(undo: Array<[SecretKey, string | null]>): Promise<void> {
    for (const [key, value] of undo.reverse()) {
      try {
        if (value === null) await this.deps.secrets.delete(key);
        else await this.deps.secrets.set(key, value);
      } catch {
        // The keychain went away mid-way: nothing else can be done from here.
      }
    }
  }
}
