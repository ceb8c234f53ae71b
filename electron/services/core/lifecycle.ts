import { scheduleLedgerBackups } from '../ledger/backup-schedule';
import type { HealthService } from '../health/health-service';
import type { ShopJournal } from '../journal/shop-journal';
import type { AppCoreOptions } from './app-core-types';
import { BackgroundWork } from './background-work';
import type { CallbackParts } from './callback-parts';
import type { ChargeParts } from './charge-parts';
import type { Foundation } from './foundation';
import type { pdvParts } from './pdv-parts';
import type { PspParts } from './psp-parts';

export interface LifecycleDeps {
  f: Foundation;
  p: PspParts;
  c: ChargeParts;
  cb: CallbackParts;
  pdvs: ReturnType<typeof pdvParts>;
  health: HealthService;
  o: AppCoreOptions;
  journal: ShopJournal;
}

/**
 * Starting and stopping a terminal, in order: recover what a crash left before anything new
 * runs; on stop, end the work that writes before the ledger closes.
 */
export function coreLifecycle(d: LifecycleDeps) {
  const { f, p, c, cb, pdvs, health, o, journal } = d;
  const { ledger, logger } = f;
  const background = new BackgroundWork({
    charges: c.charges,
    reconciler: c.reconciler,
    logger,
    tickMs: o.tickMs ?? 1000,
    pollMs: o.pollMs ?? 3000,
  });
  let backupSchedule: ReturnType<typeof scheduleLedgerBackups> | undefined;
  let healthTimer: NodeJS.Timeout | undefined;
  return {
    async start() {
      backupSchedule = scheduleLedgerBackups({
        db: ledger.db,
        dir: f.backupDir,
        extraDir: () => p.settings.get().backups.extraDir,
        onDone: (b) => logger.info(`ledger backup ${b.file}: ${b.charges} charges`),
        onError: (e) => logger.error(`ledger backup failed: ${e.message}`),
      });
      cb.source.start();
      p.pspHealth.start();
      await c.charges.recover();
      await c.withdrawals.recover();
      c.refunds.recover();
      background.start();
      c.receivedPix.start();
      await pdvs.pdv.start();
      await pdvs.syncPdvApi();
      // The shop journal, when this Balcão belongs to a shop (else nothing runs).
      journal.start();
      // Passive only (relay, the PSP's answers and Date, charges waiting, receiver): the active
      // checks (balance, status query, printer, keychain) run when the owner asks, so the panel
      // never spends the status-query budget or a login limit by itself.
      healthTimer = setInterval(() => health.refresh(), o.healthEveryMs ?? 10_000);
      healthTimer.unref?.();
    },
    /** The copies' check now (a second folder just chosen); errors are logged, as hourly. */
    backupNow: () => backupSchedule?.checkNow() ?? Promise.resolve(),
    async stop() {
      clearInterval(healthTimer);
      backupSchedule?.stop();
      await backupSchedule?.first;
      background.stop();
      await pdvs.stop();
      c.reconciler.stop();
      p.gate.close();
      cb.refusals.stop();
      c.receivedPix.stop();
      c.refunds.stop();
      await c.refunds.idle();
      p.pspHealth.stop();
      c.charges.stop();
      c.withdrawals.stop();
      await c.charges.idle();
      // After the last fact was written: what is unsent stays in the outbox for the next start.
      await journal.stop();
      await cb.source.close();
      await p.sel.close();
      ledger.close();
    },
  };
}
