import type { ChargeService } from '../charges/charge-service';
import type { Logger } from '../log';
import type { Reconciler } from '../reconciliation/reconciler';

/**
 * A terminal's background work: local expiry every tick, reconciliation every poll (one run at a
 * time). It must never take the app down: a failure is logged and tried again next time.
 */
export class BackgroundWork {
  private readonly timers: NodeJS.Timeout[] = [];
  private running = false;

  constructor(
    private readonly o: {
      charges: ChargeService;
      reconciler: Reconciler;
      logger: Logger;
      tickMs: number;
      pollMs: number;
    },
  ) {}

  start(): void {
    const guard = (what: string) => (e: unknown) =>
      this.o.logger.error(`${what} failed`, { error: String(e) });
    this.timers.push(
      setInterval(() => {
        try {
          this.o.charges.expireDue();
        } catch (e) {
          guard('expiry')(e);
        }
      }, this.o.tickMs),
    );
    this.timers.push(
      setInterval(() => {
        // Reconciliation: every non-final charge, within the shared budget, with backoff.
        if (this.running) return;
        this.running = true;
        void this.o.reconciler
          .run()
          .catch(guard('reconciliation'))
          .finally(() => (this.running = false));
      }, this.o.pollMs),
    );
    for (const t of this.timers) t.unref?.();
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
  }
}
