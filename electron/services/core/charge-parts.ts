import type { ConnectionStatus } from '../../../shared/views';
import { ChargeService } from '../charges/charge-service';
import { ReceiverPins } from '../charges/receiver-pins';
import { txidFor } from '../psp/api-pix/client';
import { RESERVE } from '../psp/status-query-gate';
import { ReceivedPixReconciler, SWEEP_RESERVE } from '../reconciliation/received-pix';
import { API_PIX_SAFETY_NET, Reconciler } from '../reconciliation/reconciler';
import { RefundService } from '../refunds/refund-service';
import { WithdrawalService } from '../withdrawals/withdrawal-service';
import type { AppCoreOptions } from './app-core-types';
import type { ConnectionMonitor } from './connection-monitor';
import type { Foundation } from './foundation';
import type { PspParts } from './psp-parts';

export interface ChargePartsDeps {
  f: Foundation;
  p: PspParts;
  o: AppCoreOptions;
  monitor: ConnectionMonitor;
  /** The address the PSP posts callbacks to: known once the callback source exists. */
  callbackUrl(): string;
}

const pspOrigin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * Money in and out: charges (with the receiver pinned per PSP address), withdrawals, refunds,
 * and the two reconciliations (the status query's, the API Pix's received-PIX list).
 */
export function chargeParts(d: ChargePartsDeps) {
  const { f, p, o, monitor, callbackUrl } = d;
  const { ledger, events, logger, now } = f;
  const { sel, settings } = p;
  // Who the PSP's QR codes pay, pinned per PSP address (trust on first use).
  const receiverPins = new ReceiverPins(ledger.kv, () => pspOrigin(sel.baseUrl()), now);
  const charges = new ChargeService({
    ledger,
    psp: p.chargePsp,
    settings: () => settings.get(),
    callbackUrl,
    now,
    terminalId: f.terminalId,
    // Read at each charge: a terminal that left DEMO marks its new charges live.
    get demo() {
      return sel.mode === 'demo';
    },
    publish: (v) => events.emit('charges:updated', v),
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
    // The owner is told, loudly, on every screen (a code: the renderer words it).
    receiverRefused: (r) =>
      events.emit('app:notice', {
        level: 'error',
        code: 'RECEIVER_CHANGED',
        params: { name: `${r.merchantName} (${r.key ?? r.host ?? '?'})` },
      }),
  });
  const withdrawals = new WithdrawalService({
    ledger,
    psp: p.ownerPsp,
    callbackUrl,
    maxAmountCents: () => settings.get().psp.maxAmountCents,
    now,
    // A withdrawal made as a refund (the family kind): the refund follows it, after every window
    // has heard of the withdrawal (a late binding: the refunds are made next, from withdrawals).
    publish: (v) => {
      events.emit('withdrawals:updated', v);
      refunds.onWithdrawal(v);
    },
    retrySafe: () => settings.get().psp.withdrawal.externalIdField !== '',
    receiverRequiredFor: () => settings.get().psp.withdrawal.receiverRequiredFor,
    isDemo: () => sel.mode === 'demo',
  });
  // Devolução (API Pix); the family has no refund route: a withdrawal to a key the owner types.
  const refunds = new RefundService({
    ledger,
    psp: () => (sel.kind === 'api-pix' ? sel.apiPix() : null),
    withdraw: (i, saved) => withdrawals.create(i, saved),
    isDemo: () => sel.mode === 'demo',
    now,
    publish: (v) => events.emit('refunds:updated', v),
    ...(o.refundPollMs && { pollDelaysMs: o.refundPollMs }),
  });
  // The day's received-PIX list finds payments a dead stream or a lost webhook never brought.
  const receivedPix = new ReceivedPixReconciler({
    ledger,
    applyStatus: (ids, raw, src, extra) => charges.applyStatus(ids, raw, src, extra),
    psp: () => (sel.kind === 'api-pix' && sel.mode !== 'demo' ? sel.apiPix() : null),
    budget: p.budget,
    reserve: () => Math.max(1, Math.ceil(p.budget.limit() * RESERVE.routine)),
    txidOf: txidFor,
    everyMs: () => settings.get().psp.apiPix.receivedPixEveryMinutes * 60_000,
    // The counter sweep (issue 33): at most one call per 2 s (30 of a 60-a-minute budget), ahead
    // of the pending charges' own questions (routine then: reconciler.ts `counterSweep`); a tenth
    // of the minute is left for a cashier in doubt beyond those.
    sweepReserve: () => Math.max(1, Math.ceil(p.budget.limit() * SWEEP_RESERVE)),
    ...(o.counterSweepMs && { sweepEveryMs: o.counterSweepMs }),
    now,
    logger,
  });
  const reconciler = new Reconciler({
    ledger,
    charges,
    gate: p.gate,
    hasQuery: () => p.statusPsp().hasStatusQuery,
    statusMap: () => settings.get().psp.statusMap,
    now,
    logger,
    ...(o.reconcileBackoffMs && { backoffMs: o.reconcileBackoffMs }),
    streamUp: () => monitor.get().state === 'connected',
    safetyNetMs: () => (sel.kind === 'api-pix' ? API_PIX_SAFETY_NET : undefined),
    counterSweep: () => sel.kind === 'api-pix' && sel.mode !== 'demo',
  });
  // Leaving `connected`: callbacks may be missed from now on, so ask about every open charge.
  let lastState: ConnectionStatus['state'] | null = null;
  let lastPsp: ConnectionStatus['psp'];
  events.on('connection:changed', (c) => {
    if (lastState === 'connected' && c.state !== 'connected') reconciler.hintAll();
    // Back: payments made meanwhile must reach the screen now, not at the next backoff.
    if (lastState !== null && lastState !== 'connected' && c.state === 'connected')
      reconciler.hintAll();
    // The PSP answers again after an outage (issue 33): sales paid while it could not be asked
    // reach the screen now, not at their next back-off step (up to a minute).
    else if (lastPsp === 'unreachable' && c.psp !== undefined && c.psp !== 'unreachable')
      reconciler.hintAll();
    lastState = c.state;
    lastPsp = c.psp;
  });
  return { receiverPins, charges, withdrawals, refunds, receivedPix, reconciler };
}

export type ChargeParts = ReturnType<typeof chargeParts>;
