import { AccountService } from '../account/account-service';
import { InfractionService } from '../account/infraction-service';
import { GoLiveService } from '../golive/golive-service';
import { HistoryService } from '../history/history-service';
import { SalesSeriesService } from '../history/sales-series-service';
import { HistoryQuery } from '../ledger/history-query';
import { seriesCharges } from '../ledger/series-rows';
import { OperatorService } from '../operators/operator-service';
import { OperatorsRepo } from '../operators/operators-repo';
import { OwnerService } from '../owner/owner-service';
import { ShiftsRepo } from '../shifts/shifts-repo';
import { appliedEntries, removedTerminals } from '../shop-view/journal-rows';
import { ShopViewService } from '../shop-view/shop-view-service';
import { ReceiptPrinter } from '../printing/receipt-printer';
import type { AppCoreOptions } from './app-core-types';
import type { CallbackParts } from './callback-parts';
import type { ChargeParts } from './charge-parts';
import type { Foundation } from './foundation';
import type { PspParts } from './psp-parts';

export interface OwnerPartsDeps {
  f: Foundation;
  p: PspParts;
  c: ChargeParts;
  cb: CallbackParts;
  o: AppCoreOptions;
}

/**
 * What the owner and the books see: history and the day's closing, receipts, the PIN, the
 * account (balance, fees), MED infractions, and going live (which switches PSP and relay).
 */
export function ownerParts(d: OwnerPartsDeps) {
  const { f, p, c, cb, o } = d;
  const { ledger, now, redactor } = f;
  const { sel, settings } = p;
  const historyQuery = new HistoryQuery(ledger.db);
  // Roster and shift facts reach the shop journal through the ledger's tap (issue 36).
  const operatorsRepo = new OperatorsRepo(ledger.db, () => ledger.facts);
  const shiftsRepo = new ShiftsRepo(ledger.db, () => ledger.facts);
  const history = new HistoryService({
    query: historyQuery,
    charges: ledger.charges,
    settings: () => settings.get(),
    terminalId: f.terminalId,
    now,
    refunds: (from, to) =>
      ledger.refunds.doneBetween(from, to).map((r) => ({
        amountCents: r.amountCents,
        demo: r.demo,
        doneAt: r.doneAt!,
        // Counted with the sale it gives back (Fechamento by operator).
        operatorId: shiftsRepo.operatorOfCharge(r.chargeId) ?? null,
      })),
    operatorNames: () =>
      operatorsRepo.count() > 0
        ? new Map(operatorsRepo.list().map((op) => [op.id, op.name]))
        : undefined,
    refundedCents: (id) => ledger.refunds.refundedCents(id),
  });
  const salesSeries = new SalesSeriesService((from, to) => seriesCharges(ledger.db, from, to));
  // Loja (issue 36): the owner's view across counters, from the shop journal's applied entries.
  const shopView = new ShopViewService({
    entries: () => appliedEntries(ledger.db),
    removed: () => removedTerminals(ledger.db),
    now,
    self: () => ({ terminal: f.terminalId, name: settings.get().terminalName }),
  });
  const printer = new ReceiptPrinter({
    query: historyQuery,
    settings: () => settings.get(),
    ...(o.printer && { override: o.printer }),
    operatorOf: (id) => shiftsRepo.operatorNames([id]).get(id)?.name,
  });
  const owner = new OwnerService(ledger.kv, now);
  // Issue 36: the shop's operators and shifts; every new charge is tagged with who rang it.
  const operators = new OperatorService(
    operatorsRepo,
    shiftsRepo,
    ledger.kv,
    () => owner.requireOwner(),
    f.terminalId,
    now,
  );
  f.events.on('charges:updated', (v) => operators.tagNew(v));
  const account = new AccountService(p.ownerPsp, now);
  const infractions = new InfractionService(
    p.ownerPsp,
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
      for (const ch of ledger.charges.open()) if (ch.demo) await c.charges.cancel(ch.id);
      await sel.goLive();
      cb.source.use(cb.relayFor());
    },
    canSwitch: () => !sel.isOverride,
  });
  return {
    history,
    salesSeries,
    shopView,
    printer,
    owner,
    operators,
    account,
    infractions,
    golive,
  };
}

export type OwnerParts = ReturnType<typeof ownerParts>;
