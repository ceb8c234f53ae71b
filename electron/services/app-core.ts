import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pspPresetSettings } from '../../shared/psp-presets';
import type { ConnectionStatus } from '../../shared/views';
import { capabilitiesOf } from '../../shared/psp-capabilities';
import { AccountService } from './account/account-service';
import { notOfferedPsp } from './psp/not-offered';
import { InfractionService } from './account/infraction-service';
import { infractionCallbackHandler } from './account/med-callbacks';
import { CallbackIntake } from './callbacks/intake';
import { RefusalNews } from './callbacks/refusal-news';
import { ChargeService } from './charges/charge-service';
import { ReceiverPins } from './charges/receiver-pins';
import { CallbackSource, type RelayEndpoint } from './core/callback-source';
import { BackgroundWork } from './core/background-work';
import { backupControls } from './core/backup-controls';
import { callbackSecrets } from './core/callback-secrets';
import { ConnectionMonitor } from './core/connection-monitor';
import type { AppCore, AppCoreOptions, AppInfo } from './core/app-core-types';
import { pdvParts } from './core/pdv-parts';
import { PspSelection, type DemoPsp, type Mode } from './core/psp-selection';
import { statusQueryParts } from './core/status-query-parts';
import { AppEvents } from './events';
import { GoLiveService } from './golive/golive-service';
import { HistoryService } from './history/history-service';
import { HistoryQuery } from './ledger/history-query';
import { scheduleLedgerBackups } from './ledger/backup-schedule';
import { Ledger } from './ledger/ledger';
import { createLogger, Redactor } from './log';
import { OwnerService } from './owner/owner-service';
import { txidFor } from './psp/api-pix/client';
import { RESERVE } from './psp/status-query-gate';
import { ReceivedPixReconciler } from './reconciliation/received-pix';
import { RefundService } from './refunds/refund-service';
import { Reconciler } from './reconciliation/reconciler';
import { routeMissing } from './golive/connection-test';
import { HealthService } from './health/health-service';
import { PspHealth } from './psp-health';
import { ReceiptPrinter } from './printing/receipt-printer';
import { CredentialsService } from './secrets/credentials-service';
import { SettingsService } from './settings-service';
import { WithdrawalService } from './withdrawals/withdrawal-service';

export type { DemoPsp, Mode };

export type { AppCore, AppCoreOptions, AppInfo } from './core/app-core-types';

const LOOPBACK_URL = /^http:\/\/(127\.|localhost|\[::1\])/;

/**
 * Builds every service of a terminal from plain dependencies, in three named parts: which PSP
 * (PspSelection), where callbacks come from (CallbackSource) and how the connection stands
 * (ConnectionMonitor). Electron's main process and the development host both use it.
 */
export async function createAppCore(o: AppCoreOptions): Promise<AppCore> {
  const now = o.now ?? Date.now;
  const redactor = new Redactor();
  const logger = createLogger(o.logSink ?? (() => {}), redactor);
  const events = new AppEvents();
  let backupSchedule: ReturnType<typeof scheduleLedgerBackups> | undefined;
  const backupDir = o.backupDir ?? path.join(o.dataDir, 'backups');
  const ledger = Ledger.open(path.join(o.dataDir, 'ledger.sqlite'), { backupDir });
  const terminalId =
    ledger.kv.get<string>('terminal.id') ??
    (ledger.kv.set('terminal.id', randomUUID()), ledger.kv.get<string>('terminal.id')!);

  // Settings or credentials changed: the PSP client is rebuilt on its next use.
  let selection: PspSelection | null = null;
  const credentials = new CredentialsService(o.secrets, redactor, () => selection?.invalidate(), {
    now,
    previousSecretMs: () => settings.get().psp.callback.previousSecretHours * 3_600_000,
  });
  const settings = new SettingsService(ledger.kv, () => selection?.invalidate());
  if (o.pspPreset) {
    const r = settings.update({ psp: pspPresetSettings(o.pspPreset) });
    if (!r.ok) throw new Error(`preset ${o.pspPreset}: ${r.message}`);
  }
  const pspHealth = new PspHealth({
    fetch: globalThis.fetch,
    now,
    baseUrl: () => selection?.baseUrl() ?? '',
  });
  const sel = await PspSelection.open({
    fetch: pspHealth.fetch,
    ...(o.apiPixTrust && { apiPixTrust: o.apiPixTrust }),
    dataDir: o.dataDir,
    kv: ledger.kv,
    settings,
    credentials,
    now,
    logger,
    redactor,
    ...(o.startDemo && { startDemo: o.startDemo }),
    ...(o.pspOverride && { override: o.pspOverride }),
  });
  selection = sel;
  // An explicit --status-query wins over the preset's.
  if (o.pspPreset && o.pspOverride?.statusQueryPath !== undefined)
    settings.update({ psp: { statusQueryPath: o.pspOverride.statusQueryPath } });
  const psp = () => sel.psp();
  // Balance, fees, withdrawals and MED: the family's routes; a kind without them refuses in code.
  const ownerPsp = () => (sel.kind === 'api-pix' ? notOfferedPsp : psp());

  const {
    budget: statusBudget,
    gate,
    statusPsp,
    chargePsp,
  } = statusQueryParts({ sel, settings, now });
  // The callback connection's one truth, made before anything that asks how it stands.
  const monitor = new ConnectionMonitor(events, now);
  pspHealth.onChange((p) => monitor.setPsp(p));

  // Who the PSP's QR codes pay, pinned per PSP address (trust on first use).
  const pspOrigin = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return url;
    }
  };
  const receiverPins = new ReceiverPins(ledger.kv, () => pspOrigin(sel.baseUrl()), now);
  let source: CallbackSource | null = null;
  const callbackUrl = () => source?.url() ?? '';
  const charges = new ChargeService({
    ledger,
    psp: chargePsp,
    settings: () => settings.get(),
    callbackUrl,
    now,
    terminalId,
    // Read at each charge: a terminal that left DEMO marks its new charges live.
    get demo() {
      return sel.mode === 'demo';
    },
    publish: (v) => events.emit('charges:updated', v),
    // A code: the renderer words it (notices.<code>) in the interface's language.
    // News of every payment (a late one too): every screen raises it unless it is on screen.
    paid: (charge, late) => events.emit('charges:paid', { charge, late }),
    logger,
    ...(o.resolveDelaysMs && { resolveDelaysMs: o.resolveDelaysMs }),
    ...(o.afterPspAnswer && { afterPspAnswer: o.afterPspAnswer }),
    // The API Pix can cancel at the PSP, so a cancelled QR cannot be paid any more.
    cancelAtPsp: (txid) => {
      if (sel.kind !== 'api-pix') return;
      void sel
        .apiPix()
        .cancel(txid)
        .then((r) => !r.ok && logger.info('psp cancel refused', { txid, code: r.code }));
    },
    receiverPins,
    // The owner is told, loudly, on every screen.
    receiverRefused: (r) =>
      events.emit('app:notice', {
        level: 'error',
        code: 'RECEIVER_CHANGED',
        params: { name: `${r.merchantName} (${r.key ?? r.host ?? '?'})` },
      }),
  });
  const withdrawals = new WithdrawalService({
    ledger,
    psp: ownerPsp,
    callbackUrl,
    maxAmountCents: () => settings.get().psp.maxAmountCents,
    now,
    publish: (v) => events.emit('withdrawals:updated', v),
    retrySafe: () => settings.get().psp.withdrawal.externalIdField !== '',
    receiverRequiredFor: () => settings.get().psp.withdrawal.receiverRequiredFor,
  });
  // Devolução (API Pix); the family has no refund route: a withdrawal to a key the owner types.
  const refunds = new RefundService({
    ledger,
    psp: () => (sel.kind === 'api-pix' ? sel.apiPix() : null),
    withdraw: (i, saved) => withdrawals.create(i, saved),
    now,
    publish: (v) => events.emit('refunds:updated', v),
    ...(o.refundPollMs && { pollDelaysMs: o.refundPollMs }),
  });
  // A withdrawal made as a refund (the family kind): the refund follows it.
  events.on('withdrawals:updated', (v) => refunds.onWithdrawal(v));
  // The day's received-PIX list finds payments a dead stream or a lost webhook never brought.
  const receivedPix = new ReceivedPixReconciler({
    ledger,
    applyStatus: (ids, raw, src, extra) => charges.applyStatus(ids, raw, src, extra),
    psp: () => (sel.kind === 'api-pix' && sel.mode !== 'demo' ? sel.apiPix() : null),
    budget: statusBudget,
    reserve: () => Math.max(1, Math.ceil(statusBudget.limit() * RESERVE.routine)),
    txidOf: txidFor,
    everyMs: () => settings.get().psp.apiPix.receivedPixEveryMinutes * 60_000,
    now,
    logger,
  });
  const reconciler = new Reconciler({
    ledger,
    charges,
    gate,
    hasQuery: () => statusPsp().hasStatusQuery,
    statusMap: () => settings.get().psp.statusMap,
    now,
    logger,
    ...(o.reconcileBackoffMs && { backoffMs: o.reconcileBackoffMs }),
    streamUp: () => monitor.get().state === 'connected',
  });
  // Leaving `connected`: callbacks may be missed from now on, so ask about every open charge.
  let lastState: ConnectionStatus['state'] | null = null;
  events.on('connection:changed', (c) => {
    if (lastState === 'connected' && c.state !== 'connected') reconciler.hintAll();
    // Back: payments made meanwhile must reach the screen now, not at the next backoff.
    if (lastState !== null && lastState !== 'connected' && c.state === 'connected')
      reconciler.hintAll();
    lastState = c.state;
  });
  const onInfraction = infractionCallbackHandler({
    ledger,
    events,
    deadlineDays: () => settings.get().psp.defense.deadlineDays,
    now,
  });
  // Refused callbacks (issue 20): the owner told on every screen, one notice however many; the
  // charge a refused callback named asked about through the status query's budget.
  const refusals = new RefusalNews({
    events: ledger.events,
    notify: (s) =>
      events.emit('app:notice', {
        level: 'error',
        code: 'CALLBACKS_REFUSED',
        params: { count: s.count, reason: s.reason ?? 'CALLBACK_OTHER' },
      }),
    hint: (chargeId) => reconciler.hint(chargeId),
    logger,
    now,
  });
  const intake = new CallbackIntake({
    ledger,
    charges,
    withdrawals,
    secrets: callbackSecrets(sel, settings),
    settings: () => settings.get().psp.callback,
    now,
    policy: () => settings.get().psp.callbackPolicy,
    idFields: () => settings.get().psp.idFields,
    onHint: (chargeId) => reconciler.hint(chargeId),
    onRefused: (r) => refusals.refused(r),
    onInfraction,
  });

  source = new CallbackSource({
    ledger,
    intake,
    monitor,
    logger,
    hasStatusQuery: () => statusPsp().hasStatusQuery,
    loopbackPsp: () => LOOPBACK_URL.test(sel.baseUrl()),
    ...(o.relaySilenceMs && { silenceMs: o.relaySilenceMs }),
    onGap: () => reconciler.hintAll(),
  });
  await source.open();
  /** The relay for the current mode: given (development host), the demo's, or the settings'. */
  const relayFor = (): RelayEndpoint | null => {
    const given = o.relay ?? sel.demo?.relay;
    if (given)
      return { url: given.url, channelId: given.channelId, token: async () => given.token };
    const r = settings.get().relay;
    return r.url && r.channelId
      ? { url: r.url, channelId: r.channelId, token: () => o.secrets.get('relay.channelToken') }
      : null;
  };
  source.use(relayFor());

  const historyQuery = new HistoryQuery(ledger.db);
  const history = new HistoryService({
    query: historyQuery,
    charges: ledger.charges,
    settings: () => settings.get(),
    terminalId,
    now,
    refunds: (from, to) =>
      ledger.refunds
        .doneBetween(from, to)
        .map((r) => ({ amountCents: r.amountCents, demo: r.demo, doneAt: r.doneAt! })),
    refundedCents: (id) => ledger.refunds.refundedCents(id),
  });
  const printer = new ReceiptPrinter({
    query: historyQuery,
    settings: () => settings.get(),
    ...(o.printer && { override: o.printer }),
  });

  const owner = new OwnerService(ledger.kv, now);
  const account = new AccountService(ownerPsp, now);
  const infractions = new InfractionService(
    ownerPsp,
    ledger.defenses,
    now,
    () => settings.get().psp.defense,
  );
  const golive = new GoLiveService({
    ledger,
    settings,
    secrets: o.secrets,
    owner,
    redactor,
    now,
    ...(o.fetch && { fetch: o.fetch }),
    ...(o.apiPixTrust && { apiPixTrust: o.apiPixTrust }),
    registerApiPixWebhook: (url) => sel.apiPix().registerWebhook(url),
    // After a successful save: the shop's PSP, its relay (or direct/polling), at once.
    switchToLive: async () => {
      // DEMO charges still open end here, while the PSP is still the demo: nothing of DEMO may
      // ever be retried or queried at the shop's PSP.
      for (const c of ledger.charges.open()) if (c.demo) await charges.cancel(c.id);
      await sel.goLive();
      source!.use(relayFor());
    },
    canSwitch: () => !sel.isOverride,
  });

  const pdvs = pdvParts({ ledger, charges, settings, events, logger, now, o });
  const background = new BackgroundWork({
    charges,
    reconciler,
    logger,
    tickMs: o.tickMs ?? 1000,
    pollMs: o.pollMs ?? 3000,
  });
  const backupCopies = backupControls(o.dataDir, backupDir, logger);
  const info = (host: 'electron' | 'browser' = o.host): AppInfo => {
    const s = settings.get();
    return {
      version: o.version,
      mode: sel.mode,
      host,
      terminalName: s.terminalName,
      shopName: s.shopName,
      chargeOperation: s.psp.chargeOperation,
      maxAmountCents: s.psp.maxAmountCents,
      language: s.language,
      connection: monitor.get(),
      firstRun: !owner.hasPin() && sel.mode === 'demo' && !golive.welcomeDismissed(),
      keychainMissing: sel.keychainMissing,
      refusalsToday: (({ count, reason }) => ({ count, reason }))(refusals.today()),
      pspOffers: capabilitiesOf(sel.kind),
    };
  };
  // Saúde (issue 20): the panel's state from the signals, published when it changes.
  const health = new HealthService({
    now,
    connection: () => monitor.get(),
    relayConfigured: () => relayFor() !== null,
    lastEventAt: () => ledger.events.lastCursorAt(),
    clockSkewMs: () => pspHealth.clockSkewMs(),
    toleranceSeconds: () => settings.get().psp.callback.toleranceSeconds,
    // The API Pix has no balance route: a token over mutual TLS proves reach and credentials.
    pspCall: () => (sel.kind === 'api-pix' ? sel.apiPix().freshToken() : psp().balance()),
    hasStatusQuery: () => statusPsp().hasStatusQuery,
    statusQuery: (id) => gate.ask(id, 5_000, 'routine'),
    routeMissing: (id, e) =>
      routeMissing(e, id, sel.baseUrl(), settings.get().psp, pspHealth.fetch),
    keychain: () => golive.keychainAvailable(),
    printer: () => printer.target(),
    openCharges: () => ledger.charges.open(),
    receiver: () => receiverPins.get(),
    publish: (v) => events.emit('health:changed', v),
  });
  events.on('connection:changed', () => health.refresh());
  let healthTimer: NodeJS.Timeout | undefined;
  return {
    get mode() {
      return sel.mode;
    },
    health,
    get demo() {
      return sel.demo;
    },
    terminalId,
    ledger,
    events,
    charges,
    receiverPins,
    withdrawals,
    refunds,
    receivedPix,
    pdv: pdvs.pdv,
    pdvApi: pdvs.pdvApi,
    apiToken: pdvs.apiToken,
    pdvApiUrl: pdvs.apiUrl,
    syncPdvApi: pdvs.syncPdvApi,
    pdvOverview: pdvs.overview,
    backups: backupCopies,
    intake,
    refusals,
    reconciler,
    statusBudget,
    history,
    printer,
    owner,
    account,
    infractions,
    credentials,
    settings,
    golive,
    redactor,
    logger,
    callbackUrl,
    connection: () => monitor.get(),
    info,
    async start() {
      backupSchedule = scheduleLedgerBackups({
        db: ledger.db,
        dir: backupDir,
        onDone: (b) => logger.info(`ledger backup ${b.file}: ${b.charges} charges`),
        onError: (e) => logger.error(`ledger backup failed: ${e.message}`),
      });
      source!.start();
      pspHealth.start();
      await charges.recover();
      await withdrawals.recover();
      refunds.recover();
      background.start();
      receivedPix.start();
      await pdvs.pdv.start();
      await pdvs.syncPdvApi();
      // Passive only (relay, the PSP's answers and Date, charges waiting, receiver): the active
      // checks (balance, status query, printer, keychain) run when the owner asks, so the panel
      // never spends the status-query budget or a login limit by itself.
      healthTimer = setInterval(() => health.refresh(), o.healthEveryMs ?? 10_000);
      healthTimer.unref?.();
    },
    async stop() {
      clearInterval(healthTimer);
      backupSchedule?.stop();
      await backupSchedule?.first;
      background.stop();
      await pdvs.stop();
      reconciler.stop();
      gate.close();
      refusals.stop();
      receivedPix.stop();
      refunds.stop();
      await refunds.idle();
      pspHealth.stop();
      charges.stop();
      withdrawals.stop();
      await charges.idle();
      await source!.close();
      await sel.close();
      ledger.close();
    },
  };
}
