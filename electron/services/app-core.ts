import { backupControls } from './core/backup-controls';
import { callbackParts } from './core/callback-parts';
import type { CallbackSource } from './core/callback-source';
import { chargeParts } from './core/charge-parts';
import { ConnectionMonitor } from './core/connection-monitor';
import type { AppCore, AppCoreOptions } from './core/app-core-types';
import { coreFoundation } from './core/foundation';
import { healthParts } from './core/health-parts';
import { coreLifecycle } from './core/lifecycle';
import { ownerParts } from './core/owner-parts';
import { pdvParts } from './core/pdv-parts';
import { pspParts } from './core/psp-parts';
import type { DemoPsp, Mode } from './core/psp-selection';
import { isOwnerOnly } from '../../shared/domain/station';
import { HEARTBEAT_EVERY_MS } from './journal/heartbeat';
import { ShopJournal } from './journal/shop-journal';

export type { DemoPsp, Mode };

export type { AppCore, AppCoreOptions, AppInfo } from './core/app-core-types';

/**
 * Builds every service of a terminal from plain dependencies, part by part, each made from the
 * parts before it (docs/architecture.md, "Composition roots"). Electron's main process and the
 * development host both use it.
 */
export async function createAppCore(o: AppCoreOptions): Promise<AppCore> {
  const f = coreFoundation(o);
  // Late binding, named: the counter's heartbeat says the name in settings, made after the journal.
  let counterName: () => string | undefined = () => undefined;
  // Before any service writes a fact: the tap joins each fact's transaction (issue 36).
  const journal = new ShopJournal({
    ledger: f.ledger,
    secrets: o.secrets,
    terminalId: f.terminalId,
    now: f.now,
    ...(o.fetch && { fetch: o.fetch }),
    onApplied: (applied) => f.events.emit('shop:changed', { applied }),
    heartbeatMs: HEARTBEAT_EVERY_MS,
    counterName: () => counterName(),
    ...o.journal,
  });
  await journal.load();
  const p = await pspParts(f, o);
  // An owner-only PC (`Este computador: Só proprietário`) is no counter: it says nothing.
  counterName = () => {
    const s = p.settings.get();
    return isOwnerOnly(s) ? undefined : s.terminalName;
  };
  // The callback connection's one truth, made before anything that asks how it stands.
  const monitor = new ConnectionMonitor(f.events, f.now);
  p.pspHealth.onChange((s) => monitor.setPsp(s));
  // Late binding, named: charges and withdrawals give the PSP the callback address, which the
  // callback source (made after them: its intake needs them) knows.
  let source: CallbackSource | null = null;
  const callbackUrl = () => source?.url() ?? '';
  const c = chargeParts({ f, p, o, monitor, callbackUrl });
  const cb = await callbackParts({ f, p, c, o, monitor });
  source = cb.source;
  const own = ownerParts({ f, p, c, cb, o });
  const pdvs = pdvParts({
    ...f,
    charges: c.charges,
    settings: p.settings,
    mode: () => p.sel.mode,
    o,
  });
  const { info, health } = healthParts({ f, p, c, cb, own, o, monitor });
  const { start, stop, backupNow } = coreLifecycle({ f, p, c, cb, pdvs, health, o, journal });
  return {
    get mode() {
      return p.sel.mode;
    },
    get demo() {
      return p.sel.demo;
    },
    terminalId: f.terminalId,
    ledger: f.ledger,
    events: f.events,
    journal,
    redactor: f.redactor,
    logger: f.logger,
    settings: p.settings,
    credentials: p.credentials,
    statusBudget: p.budget,
    ...c,
    intake: cb.intake,
    refusals: cb.refusals,
    ...own,
    health,
    pdv: pdvs.pdv,
    pdvApi: pdvs.pdvApi,
    apiToken: pdvs.apiToken,
    pdvApiUrl: pdvs.apiUrl,
    syncPdvApi: pdvs.syncPdvApi,
    pdvOverview: pdvs.overview,
    backups: { ...backupControls(o.dataDir, f.backupDir, f.logger), copyNow: backupNow },
    callbackUrl,
    connection: () => monitor.get(),
    info,
    start,
    stop,
  };
}
