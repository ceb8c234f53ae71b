import { dayRange } from '../../shared/domain/day-closing';
import { err, ok, type Result } from '../../shared/result';
import type { AppCore } from './app-core';
import type { Handlers } from './ipc-dispatch';
import type { AtCounter } from './operators/operator-service';
import { chargeSendLink } from './send/send-charge';
import { WaitingCharges } from './send/waiting-charges';

// Who is at the counter, as the screens get it (no closing fields of the ledger's row).
const atCounter = ({ operator, shift }: AtCounter) => ({
  operator,
  shift: { id: shift.id, terminalId: shift.terminalId, openedAt: shift.openedAt },
});

const noPrinting = () => err('unavailable', 'PRINT_UNAVAILABLE');

/**
 * The contract's handlers over the services. Owner-only calls check the owner session here, in
 * the service layer, whatever the UI shows.
 */
export function createHandlers(core: AppCore, host: 'electron' | 'browser'): Handlers {
  const owner = <T>(fn: () => Promise<Result<T>> | Result<T>) => {
    const gate = core.owner.requireOwner();
    return gate.ok ? fn() : gate;
  };
  // Who cancels, for the record: the owner when unlocked, else the cashier at this terminal.
  const who = () =>
    `${core.owner.status().unlocked ? 'owner' : 'cashier'}@${core.settings.get().terminalName}`;
  // First run: no PIN exists yet, so connecting a PSP (which sets it) needs none.
  const waiting = new WaitingCharges(core.ledger.kv, () =>
    core.charges.list({ status: 'PENDING', limit: 1000 }),
  );
  // Issue 36: with operators, the day's money (balance, fees, closing) is the owner's.
  const withOperatorsOwner = <T>(fn: () => Promise<Result<T>> | Result<T>) =>
    core.operators.enabled() ? owner(fn) : fn();
  const counterShift = () => core.operators.counterShift(core.owner.status().unlocked);
  const ownerOrFirstRun = <T>(fn: () => Promise<Result<T>> | Result<T>) =>
    core.owner.hasPin() ? owner(fn) : fn();
  return {
    'app:info': () => ok(core.info(host)),
    // With operators, the Caixa sells only with someone at the counter (the sale is hers).
    'charges:create': ({ requestId, ...i }) => {
      const at = core.operators.current();
      return at.ok ? core.charges.create(i, requestId) : at;
    },
    'charges:get': (i) => core.charges.get(i.id),
    'charges:list': (i) =>
      ok(
        core.charges.list({
          ...(i.day && dayRange(i.day)),
          ...(i.status && { status: i.status }),
          ...(i.limit && { limit: i.limit }),
        }),
      ),
    // With operators, a supervisor at the counter or the owner cancels; a cashier may not.
    'charges:cancel': (i) => {
      const may = core.operators.mayCancel(core.owner.status().unlocked);
      return may.ok ? core.charges.cancel(i.id, who()) : may;
    },
    'charges:abandon': (i) => (core.charges.abandon(i.requestId, who()), ok({ ok: true as const })),
    'charges:current': () => ok(core.charges.current()),
    'charges:recheck': (i) => core.charges.recheck(i.id),
    'charges:simulatePayment': async (i) => {
      if (!core.demo) return err('conflict', 'NOT_DEMO');
      const c = core.charges.record(i.id);
      if (!c?.pspTransactionId || c.status !== 'PENDING') return err('conflict', 'NOT_PENDING');
      const r = await core.demo.pay(c.pspTransactionId);
      return r.ok ? ok({ ok: true as const }) : r;
    },
    // The link only; the shells open it (electron/main/ipc/shell-handlers.ts, the devhost).
    // Each send is kept for A receber (how, to whom, when).
    'charges:share': (i) => {
      const r = chargeSendLink(
        { charge: (id) => core.charges.get(id), shopName: () => core.settings.get().shopName },
        i,
      );
      if (!r.ok) return r;
      waiting.recordShare(i.id, {
        via: r.value.via,
        ...(r.value.to && { to: r.value.to }),
        at: Date.now(),
      });
      return ok({ ...r.value, opened: false });
    },
    'charges:waiting': () => ok(waiting.list()),
    // Each row carries its sends, so the CSV export says how, to whom and when it was sent.
    // With operators and the owner locked, a cashier sees her own shift's sales only.
    'history:page': (i) => {
      const shift = counterShift();
      if (!shift.ok) return shift;
      const r = core.history.page({ ...i, ...(shift.value && { shiftId: shift.value }) });
      if (!r.ok) return r;
      const tags = core.operators.tagsOf(r.value.items.map((row) => row.id));
      const items = r.value.items.map((row) => {
        const shares = waiting.shares(row.id);
        const operatorName = tags.get(row.id)?.name;
        return {
          ...row,
          ...(shares.length > 0 && { shares }),
          ...(operatorName && { operatorName }),
        };
      });
      return ok({ ...r.value, items });
    },
    'history:detail': (i) => {
      const shift = counterShift();
      if (!shift.ok) return shift;
      const r = core.history.detail(i.id);
      if (!r.ok) return r;
      const tag = core.operators.tagsOf([r.value.charge.id]).get(r.value.charge.id);
      if (shift.value && tag?.shiftId !== shift.value) return err('auth', 'OWNER_LOCKED');
      // Who rang it, for the owner too (issue 36).
      return tag ? ok({ ...r.value, charge: { ...r.value.charge, operatorName: tag.name } }) : r;
    },
    'history:closing': (i) => withOperatorsOwner(() => core.history.closing(i.day)),
    // The shop's weeks and months, every operator's sales: the owner's, like the closing.
    'history:series': (i) => withOperatorsOwner(() => core.salesSeries.series(i)),
    // Loja: every counter's sales and payer names — the owner's, with or without operators.
    'shop:view': (i) => owner(() => core.shopView.view(i)),
    'printer:printReceipt': (i) => core.printer.print(i.id, i.labels),
    'printer:printClosing': (i) => core.printer.printClosing(i),
    'withdrawals:create': (i) => owner(() => core.withdrawals.create(i)),
    'withdrawals:list': () => owner(() => ok(core.withdrawals.list())),
    'refunds:forCharge': (i) => core.refunds.forCharge(i.chargeId),
    'refunds:request': (i) => owner(() => core.refunds.request(i)),
    'refunds:withdraw': (i) => owner(() => core.refunds.requestByWithdrawal(i)),
    'history:checkWithPsp': (i) =>
      withOperatorsOwner(() => core.receivedPix.check(dayRange(i.day))),
    'account:balance': () => withOperatorsOwner(() => core.account.balance()),
    'account:cryptoFees': () => withOperatorsOwner(() => core.account.cryptoFees()),
    'infractions:list': (i) => owner(() => core.infractions.list(i.page, i.perPage)),
    'infractions:defend': (i) => owner(() => core.infractions.defend(i)),
    'credentials:set': (i) => owner(() => core.credentials.set(i)),
    'credentials:clear': () => owner(() => core.credentials.clear()),
    'credentials:status': () => core.credentials.status(),
    'credentials:setWebhookSecret': (i) => owner(() => core.credentials.setWebhookSecret(i.secret)),
    'credentials:setClientCertificate': (i) =>
      owner(() =>
        core.credentials.setClientCertificate({
          certPem: i.certPem,
          keyPem: i.keyPem,
          ...(i.passphrase && { passphrase: i.passphrase }),
        }),
      ),
    'credentials:setRelayToken': (i) => owner(() => core.credentials.setRelayToken(i.token)),
    'settings:get': () => ok(core.settings.get()),
    'settings:update': (i) =>
      owner(async () => {
        const r = core.settings.update(i.patch);
        // The local API follows its setting at once (on, off, another port).
        if (r.ok && i.patch.pdv) await core.syncPdvApi();
        // A PC made a Caixa again says so now, not at its next heartbeat (an owner-only one is silent).
        if (r.ok && i.patch.station) core.journal.beat();
        // A second backup folder just chosen gets its copy now (not awaited: a big ledger).
        if (r.ok && i.patch.backups?.extraDir) void core.backups.copyNow();
        return r;
      }),
    'owner:status': () => ok(core.owner.status()),
    'owner:unlock': (i) => core.owner.unlock(i.pin),
    'owner:lock': () => (core.owner.lock(), ok({ unlocked: false as const })),
    'owner:setPin': (i) => core.owner.setPin(i.newPin, i.currentPin),
    'operators:list': () => core.operators.list(),
    'operators:add': (i) => core.operators.add(i),
    'operators:update': ({ id, ...p }) => core.operators.update(id, p),
    'operators:roster': () => ok(core.operators.roster()),
    'operators:current': () => {
      const at = core.operators.current();
      return ok({
        enabled: core.operators.enabled(),
        current: at.ok && at.value ? atCounter(at.value) : null,
        ...(!at.ok && { code: at.code }),
      });
    },
    'operators:enter': async (i) => {
      const r = await core.operators.enter(i.operatorId, i.pin);
      return r.ok ? ok(atCounter(r.value)) : r;
    },
    'operators:leave': () => (core.operators.lock(), ok({ ok: true as const })),
    'shifts:close': (i) => core.operators.closeShift(i.shiftId),
    'shop:status': () => ok(core.journal.status()),
    'shop:create': (i) => owner(() => core.journal.createShop(i)),
    'shop:pairingCode': () => owner(() => core.journal.pairingCode()),
    'shop:join': (i) => owner(() => core.journal.join(i.address, i.code)),
    'shop:removeTerminal': (i) => owner(() => core.journal.removeTerminal(i.terminal)),
    'receiver:status': () => ok({ pinned: core.receiverPins.get() ?? null }),
    'receiver:confirm': () => owner(() => ok({ pinned: core.receiverPins.confirm() ?? null })),
    'receiver:repin': () => owner(() => ok({ pinned: core.receiverPins.repin() ?? null })),
    // Not owner-only: the cashier's compact indicator reads it too (nothing secret in it).
    'health:get': async (i) => ok(i.probe ? await core.health.check() : core.health.refresh()),
    'callbacks:refusals': () =>
      owner(() => ok({ today: core.refusals.today(), recent: core.ledger.events.refusals(100) })),
    'onboarding:test': (i) => ownerOrFirstRun(() => core.golive.test(i)),
    'onboarding:save': (i) => ownerOrFirstRun(() => core.golive.save(i)),
    'onboarding:language': (i) =>
      ownerOrFirstRun(() => core.settings.update({ language: i.language })),
    'onboarding:dismiss': () => (core.golive.dismissWelcome(), ok({ firstRun: false as const })),
    'onboarding:webhook': () => owner(() => ok(core.golive.webhookRegistration())),
    'pdv:overview': () => owner(() => ok(core.pdvOverview())),
    'pdv:newToken': () => owner(() => ok({ token: core.apiToken.generate() })),
    'backups:list': () => owner(() => ok(core.backups.list())),
    'backups:restore': (i) => owner(() => core.backups.restore(i.name)),
    'backups:cancelRestore': () => owner(() => ok(core.backups.cancelRestore())),
    // No folder dialog outside Electron: the owner types the path (the shell answers otherwise).
    'backups:chooseFolder': () => owner(() => ok({ offered: false, folder: null })),
    // The owner check; Electron's main process wraps it and restarts (electron/main/shell.ts).
    'app:relaunch': () => owner(() => ok({ relaunching: false })),
    // Electron's main process replaces these two (electron/main/os/print.ts).
    'print:page': () => noPrinting(),
    'print:pdf': () => noPrinting(),
  };
}
