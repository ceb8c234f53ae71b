import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pspPresetSettings, type PspPresetId } from '../../shared/psp-presets';
import { pspSettingsSchema } from '../../shared/psp-settings';
import type { Result } from '../../shared/result';
import type { AppSettings } from '../../shared/settings';
import type { PrinterKind } from '../../shared/domain/printer-target';
import type { ConnectionStatus } from '../../shared/views';
import { AccountService } from './account/account-service';
import {
  infractionNoticeText,
  markInfractionOnCharge,
  readInfractionNews,
} from './account/med-callbacks';
import { InfractionService } from './account/infraction-service';
import { CallbackIntake } from './callbacks/intake';
import { startLocalReceiver } from './callbacks/local-receiver';
import { RelaySubscriber } from './callbacks/relay-subscriber';
import type { SecretRing } from './callbacks/verify';
import type { CallbackBody } from './callbacks/verify';
import { ChargeService, type ChargePsp } from './charges/charge-service';
import { toChargeView } from './charges/charge-view';
import { AppEvents } from './events';
import { HistoryService } from './history/history-service';
import { HistoryQuery } from './ledger/history-query';
import { Ledger } from './ledger/ledger';
import { createLogger, Redactor, type LogSink } from './log';
import { OwnerService } from './owner/owner-service';
import type { Credentials } from './psp/auth';
import { ReceiptPrinter } from './printing/receipt-printer';
import { PspClient } from './psp/client';
import { QueryBudget, StatusQueryGate } from './psp/status-query-gate';
import { Reconciler } from './reconciliation/reconciler';
import { CredentialsService } from './secrets/credentials-service';
import type { SecretStore } from './secrets/secret-store';
import { SettingsService } from './settings-service';
import { WithdrawalService } from './withdrawals/withdrawal-service';

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

export interface AppCoreOptions {
  dataDir: string;
  secrets: SecretStore;
  host: 'electron' | 'browser';
  version: string;
  now?: () => number;
  logSink?: LogSink;
  /** Starts the embedded PSP; called only when no credentials are configured. */
  startDemo?: (dataDir: string) => Promise<DemoPsp>;
  /** The development host's `--psp`: that PSP, with credentials from the environment. */
  pspOverride?: { baseUrl: string; credentials: Credentials | null; statusQueryPath?: string };
  /** A relay to read callbacks from, instead of the settings' one (the development host's embedded relay). */
  relay?: { url: string; channelId: string; token: string };
  /** An ESC/POS printer that wins over the setting (the development host's `--printer`). */
  printer?: { kind: PrinterKind; address: string };
  /** Intervals (ms) of the background work. */
  tickMs?: number;
  pollMs?: number;
  resolveDelaysMs?: number[];
  afterPspAnswer?: () => void;
  /** Applies a preset's compatibility settings at start (`--psp-preset`). */
  pspPreset?: PspPresetId;
  /** Reconciliation backoff per charge (ms). */
  reconcileBackoffMs?: number[];
  /** Silence after which the relay stream counts as dead (default 30 s). */
  relaySilenceMs?: number;
}

/**
 * Builds every service of a terminal from plain dependencies; Electron's main process and the
 * development host both use it, so they run the very same code.
 */
export async function createAppCore(o: AppCoreOptions) {
  const now = o.now ?? Date.now;
  const redactor = new Redactor();
  const logger = createLogger(o.logSink ?? (() => {}), redactor);
  const events = new AppEvents();
  const ledger = Ledger.open(path.join(o.dataDir, 'ledger.sqlite'));
  const terminalId =
    ledger.kv.get<string>('terminal.id') ??
    (ledger.kv.set('terminal.id', randomUUID()), ledger.kv.get<string>('terminal.id')!);

  const credentials = new CredentialsService(o.secrets, redactor, () =>
    events.emit('app:notice', {
      level: 'info',
      code: 'RESTART_TO_APPLY',
      text: 'Credenciais salvas. Reinicie o Balcão para usá-las.',
    }),
  );
  let client: PspClient | null = null;
  const settings = new SettingsService(ledger.kv, () => (client = null));

  const stored = o.pspOverride ? o.pspOverride.credentials : await credentials.read();
  const demo = !o.pspOverride && !stored && o.startDemo ? await o.startDemo(o.dataDir) : null;
  const mode: 'demo' | 'live' = demo ? 'demo' : 'live';
  const activeCredentials = async (): Promise<Credentials | null> =>
    demo ? demo.credentials : o.pspOverride ? o.pspOverride.credentials : credentials.read();

  const baseUrl = () => demo?.baseUrl ?? o.pspOverride?.baseUrl ?? settings.get().psp.baseUrl;
  if (o.pspPreset) {
    const r = settings.update({ psp: pspPresetSettings(o.pspPreset) });
    if (!r.ok) throw new Error(`preset ${o.pspPreset}: ${r.message}`);
  }
  if (demo || o.pspOverride) {
    // The embedded sandbox (and a --psp sandbox) answer the A10 status query.
    const statusQueryPath = demo
      ? '/transactions/{id}'
      : (o.pspOverride?.statusQueryPath ?? settings.get().psp.statusQueryPath);
    if (o.pspPreset && o.pspOverride?.statusQueryPath !== undefined)
      settings.update({ psp: { statusQueryPath } });
    else settings.seed({ psp: { statusQueryPath } });
  }

  const psp = (): PspClient => {
    const s = settings.get().psp;
    client ??= new PspClient({
      settings: pspSettingsSchema.parse({
        ...s,
        baseUrl: baseUrl() || 'https://psp.invalid/api',
        ...(demo && { statusQueryPath: '/transactions/{id}' }),
      }),
      credentials: activeCredentials,
      now,
      logger,
      redactor,
    });
    return client;
  };

  // One budget for the status query, whoever asks (docs/psp-compatibility.md, "Status query").
  const budget = new QueryBudget(() => settings.get().psp.statusQuery.perMinute, now);
  const gate = new StatusQueryGate({ query: (id) => psp().transactionStatus(id), budget, now });
  const chargePsp = (): ChargePsp => {
    const c = psp();
    return {
      hasStatusQuery: c.hasStatusQuery,
      createDeposit: (i) => c.createDeposit(i),
      createTransaction: (i) => c.createTransaction(i),
      // A caller may wait up to 15 s for a slot of the shared budget.
      transactionStatus: (id) => gate.ask(id, 15_000),
    };
  };

  let callbackUrl = '';
  const charges = new ChargeService({
    ledger,
    psp: chargePsp,
    settings: () => settings.get(),
    callbackUrl: () => callbackUrl,
    now,
    terminalId,
    demo: mode === 'demo',
    publish: (v) => events.emit('charges:updated', v),
    // A code: the renderer words it (notices.<code>) in the interface's language.
    alert: (code) => events.emit('app:notice', { level: 'error', code, text: '' }),
    logger,
    ...(o.resolveDelaysMs && { resolveDelaysMs: o.resolveDelaysMs }),
    ...(o.afterPspAnswer && { afterPspAnswer: o.afterPspAnswer }),
  });
  const withdrawals = new WithdrawalService({
    ledger,
    psp,
    callbackUrl: () => callbackUrl,
    maxAmountCents: () => settings.get().psp.maxAmountCents,
    now,
    publish: (v) => events.emit('withdrawals:updated', v),
    retrySafe: () => settings.get().psp.withdrawal.externalIdField !== '',
  });
  const reconciler = new Reconciler({
    ledger,
    charges,
    gate,
    hasQuery: () => psp().hasStatusQuery,
    statusMap: () => settings.get().psp.statusMap,
    now,
    logger,
    ...(o.reconcileBackoffMs && { backoffMs: o.reconcileBackoffMs }),
  });
  const onInfraction = (body: CallbackBody) => {
    const news = readInfractionNews(body.raw, settings.get().psp.defense.deadlineDays, now());
    if (!news) return;
    const marked = markInfractionOnCharge(ledger, news, now());
    if (marked) events.emit('charges:updated', toChargeView(marked));
    events.emit('infractions:changed', {
      infractionId: news.infractionId,
      status: news.status,
      deadline: news.deadline,
    });
    events.emit('app:notice', {
      level: 'warn',
      code: 'MED_INFRACTION',
      text: infractionNoticeText(news),
    });
  };
  const callbackSecrets = async (): Promise<SecretRing | null> => {
    const c = await activeCredentials();
    if (!c) return null;
    const previous = demo || o.pspOverride ? null : await credentials.previousSecret();
    // A rotated secret stays valid for callbacks already signed with it, for one day.
    return {
      current: c.clientSecret,
      ...(previous && { previous: { secret: previous, validUntil: now() + 86_400_000 } }),
    };
  };
  const intake = new CallbackIntake({
    ledger,
    charges,
    withdrawals,
    secrets: callbackSecrets,
    settings: () => settings.get().psp.callback,
    now,
    logger,
    policy: () => settings.get().psp.callbackPolicy,
    idFields: () => settings.get().psp.idFields,
    onHint: (chargeId) => reconciler.hint(chargeId),
    onInfraction,
  });

  // Callbacks on loopback: the demo sandbox (and a --psp sandbox) reach us directly. The port is
  // kept across restarts so callbacks still being retried for older charges find us again.
  const savedPort = ledger.kv.get<number>('callbacks.localPort') ?? 0;
  const receiver = await startLocalReceiver(intake, savedPort).catch(() =>
    startLocalReceiver(intake, 0),
  );
  ledger.kv.set('callbacks.localPort', receiver.port);

  // With a relay (configured, or the demo's embedded one) the PSP calls the relay and we read
  // our channel from it; without, callbacks reach us only when the PSP can (loopback).
  const relaySettings = settings.get().relay;
  const given = o.relay ?? demo?.relay;
  const relay = given
    ? { url: given.url, channelId: given.channelId, token: async () => given.token }
    : relaySettings.url && relaySettings.channelId
      ? {
          url: relaySettings.url,
          channelId: relaySettings.channelId,
          token: () => o.secrets.get('relay.channelToken'),
        }
      : null;
  callbackUrl = relay ? `${relay.url}/hooks/${relay.channelId}` : receiver.url;

  let connection: ConnectionStatus = { state: 'offline', since: now() };
  const setConnection = (state: ConnectionStatus['state'], detail?: string) => {
    if (connection.state === state && connection.detail === detail) return;
    // Leaving `connected`: callbacks may be missed from now on, so ask the PSP about every charge.
    if (connection.state === 'connected' && state !== 'connected') reconciler.hintAll();
    connection = { state, since: now(), ...(detail && { detail }) };
    events.emit('connection:changed', connection);
  };
  const loopbackPsp = /^http:\/\/(127\.|localhost|\[::1\])/.test(baseUrl());
  const fallbackState = () =>
    psp().hasStatusQuery
      ? setConnection('polling', 'consultando o PSP')
      : setConnection('offline', 'sem relay nem consulta de status');
  const subscriber = relay
    ? new RelaySubscriber({
        relayUrl: relay.url,
        channelId: relay.channelId,
        token: relay.token,
        intake,
        cursor: () => ledger.events.cursor(relay.channelId),
        onState: (state, detail) =>
          state === 'offline' ? fallbackState() : setConnection(state, detail),
        logger,
        ...(o.relaySilenceMs && { silenceMs: o.relaySilenceMs }),
      })
    : null;
  if (relay) setConnection('reconnecting', 'conectando ao relay');
  else if (loopbackPsp) setConnection('connected', 'callbacks diretos (loopback)');
  else fallbackState();

  const historyQuery = new HistoryQuery(ledger.db);
  const history = new HistoryService({
    query: historyQuery,
    charges: ledger.charges,
    settings: () => settings.get(),
    terminalId,
    now,
  });
  const printer = new ReceiptPrinter({
    query: historyQuery,
    settings: () => settings.get(),
    ...(o.printer && { override: o.printer }),
  });

  const owner = new OwnerService(ledger.kv, now);
  const account = new AccountService(psp, now);
  const infractions = new InfractionService(
    psp,
    ledger.defenses,
    now,
    () => settings.get().psp.defense,
  );

  const timers: NodeJS.Timeout[] = [];
  let polling = false;
  return {
    mode,
    terminalId,
    ledger,
    events,
    charges,
    withdrawals,
    intake,
    reconciler,
    statusBudget: budget,
    history,
    printer,
    owner,
    account,
    infractions,
    credentials,
    settings,
    redactor,
    logger,
    demo,
    callbackUrl: () => callbackUrl,
    connection: () => connection,
    info: (host: 'electron' | 'browser' = o.host) => {
      const s: AppSettings = settings.get();
      return {
        version: o.version,
        mode,
        host,
        terminalName: s.terminalName,
        shopName: s.shopName,
        chargeOperation: s.psp.chargeOperation,
        maxAmountCents: s.psp.maxAmountCents,
        language: s.language,
        connection,
      };
    },
    /** Crash recovery, then the background work: local expiry and (without a relay) polling. */
    async start() {
      subscriber?.start();
      await charges.recover();
      await withdrawals.recover();
      // Background work must never take the app down: a failure is logged and retried next tick.
      const guard = (what: string) => (e: unknown) =>
        logger.error(`${what} failed`, { error: String(e) });
      timers.push(
        setInterval(() => {
          try {
            charges.expireDue();
          } catch (e) {
            guard('expiry')(e);
          }
        }, o.tickMs ?? 1000),
      );
      timers.push(
        setInterval(() => {
          // Reconciliation: every non-final charge, within the shared budget, with backoff.
          if (polling) return;
          polling = true;
          void reconciler
            .run()
            .catch(guard('reconciliation'))
            .finally(() => (polling = false));
        }, o.pollMs ?? 3000),
      );
      for (const t of timers) t.unref?.();
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      subscriber?.stop();
      reconciler.stop();
      charges.stop();
      withdrawals.stop();
      await charges.idle();
      await receiver.close();
      await demo?.close();
      ledger.close();
    },
  };
}

export type AppCore = Awaited<ReturnType<typeof createAppCore>>;
