import { infractionCallbackHandler } from '../account/med-callbacks';
import { CallbackIntake } from '../callbacks/intake';
import { RefusalNews } from '../callbacks/refusal-news';
import type { AppCoreOptions } from './app-core-types';
import { callbackSecrets } from './callback-secrets';
import { CallbackSource, type RelayEndpoint } from './callback-source';
import type { ChargeParts } from './charge-parts';
import type { ConnectionMonitor } from './connection-monitor';
import type { Foundation } from './foundation';
import type { PspParts } from './psp-parts';

const LOOPBACK_URL = /^http:\/\/(127\.|localhost|\[::1\])/;

export interface CallbackPartsDeps {
  f: Foundation;
  p: PspParts;
  c: ChargeParts;
  o: AppCoreOptions;
  monitor: ConnectionMonitor;
}

/**
 * Where payment news comes from and how it is let in: the source (the relay, a direct
 * listener or none), the intake that checks each callback, and the news of refused ones.
 */
export async function callbackParts(d: CallbackPartsDeps) {
  const { f, p, c, o, monitor } = d;
  const { ledger, events, logger, now } = f;
  const { sel, settings } = p;
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
    hint: (chargeId) => c.reconciler.hint(chargeId),
    logger,
    now,
  });
  const intake = new CallbackIntake({
    ledger,
    charges: c.charges,
    withdrawals: c.withdrawals,
    secrets: callbackSecrets(sel, settings),
    settings: () => settings.get().psp.callback,
    now,
    policy: () => settings.get().psp.callbackPolicy,
    idFields: () => settings.get().psp.idFields,
    onHint: (chargeId, body) => {
      p.noteHintedPix(body.raw);
      c.reconciler.hint(chargeId);
    },
    onRefused: (r) => refusals.refused(r),
    onInfraction,
  });
  const source = new CallbackSource({
    ledger,
    intake,
    monitor,
    logger,
    hasStatusQuery: () => p.statusPsp().hasStatusQuery,
    loopbackPsp: () => LOOPBACK_URL.test(sel.baseUrl()),
    ...(o.relaySilenceMs && { silenceMs: o.relaySilenceMs }),
    onGap: () => c.reconciler.hintAll(),
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
  return { refusals, intake, source, relayFor };
}

export type CallbackParts = Awaited<ReturnType<typeof callbackParts>>;
