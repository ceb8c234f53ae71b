import { capabilitiesOf } from '../../../shared/psp-capabilities';
import { isOwnerOnly } from '../../../shared/domain/station';
import { routeMissing } from '../golive/connection-test';
import { HealthService } from '../health/health-service';
import type { AppCoreOptions, AppInfo } from './app-core-types';
import type { CallbackParts } from './callback-parts';
import type { ChargeParts } from './charge-parts';
import type { ConnectionMonitor } from './connection-monitor';
import type { Foundation } from './foundation';
import type { OwnerParts } from './owner-parts';
import { hasShopJournal } from '../shop-view/journal-rows';
import type { PspParts } from './psp-parts';

export interface HealthPartsDeps {
  f: Foundation;
  p: PspParts;
  c: ChargeParts;
  cb: CallbackParts;
  own: OwnerParts;
  o: AppCoreOptions;
  monitor: ConnectionMonitor;
}

/** What the screens ask about the terminal as a whole: its info line and Saúde (issue 20). */
export function healthParts(d: HealthPartsDeps) {
  const { f, p, c, cb, own, o, monitor } = d;
  const { ledger, events, now } = f;
  const { sel, settings, pspHealth } = p;
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
      firstRun: !own.owner.hasPin() && sel.mode === 'demo' && !own.golive.welcomeDismissed(),
      // DEMO reads no secret: the banner is for a live shop whose credentials cannot be read.
      keychainMissing: sel.mode !== 'demo' && sel.keychainMissing,
      refusalsToday: (({ count, reason }) => ({ count, reason }))(cb.refusals.today()),
      pspOffers: capabilitiesOf(sel.kind),
      ...(hasShopJournal(ledger.db) && { shopJournal: true }),
      ...(isOwnerOnly(s) && { ownerOnly: true }),
    };
  };
  // Saúde: the panel's state from the signals, published when it changes.
  const health = new HealthService({
    now,
    connection: () => monitor.get(),
    relayConfigured: () => cb.relayFor() !== null,
    lastEventAt: () => ledger.events.lastCursorAt(),
    clockSkewMs: () => pspHealth.clockSkewMs(),
    toleranceSeconds: () => settings.get().psp.callback.toleranceSeconds,
    // The API Pix has no balance route: a token over mutual TLS proves reach and credentials.
    pspCall: () => (sel.kind === 'api-pix' ? sel.apiPix().freshToken() : p.psp().balance()),
    hasStatusQuery: () => p.statusPsp().hasStatusQuery,
    statusQuery: (id) => p.gate.ask(id, 5_000, 'routine'),
    routeMissing: (id, e) =>
      routeMissing(e, id, sel.baseUrl(), settings.get().psp, pspHealth.fetch),
    keychain: () => own.golive.keychainAvailable(),
    keychainNeeded: () => sel.mode !== 'demo',
    printer: () => own.printer.target(),
    waitingCharges: (now) => ledger.charges.countWaiting(now),
    receiver: () => c.receiverPins.get(),
    publish: (v) => events.emit('health:changed', v),
  });
  events.on('connection:changed', () => health.refresh());
  return { info, health };
}
