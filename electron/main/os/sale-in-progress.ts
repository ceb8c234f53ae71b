// "A sale is in progress" = some charge still waits for its payment (not terminal). While it
// lasts the display never sleeps (powerSaveBlocker) and no update is installed on quit.
import { TERMINAL_STATES } from '../../../shared/domain/charge-state';
import type { ChargeView } from '../../../shared/views';
import type { ElectronModule } from '../electron-api';

export class SaleInProgress {
  private readonly waiting = new Set<string>();
  private readonly listeners = new Set<(active: boolean) => void>();

  /** Every charge update passes here (the `charges:updated` event). */
  update(c: Pick<ChargeView, 'id' | 'status'>): void {
    const before = this.active;
    if (TERMINAL_STATES.has(c.status)) this.waiting.delete(c.id);
    else this.waiting.add(c.id);
    if (this.active !== before) for (const fn of this.listeners) fn(this.active);
  }

  get active(): boolean {
    return this.waiting.size > 0;
  }

  onChange(fn: (active: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

/** Keeps the screen on while a sale is in progress: the QR must stay visible to the payer. */
export function keepAwakeDuringSale(
  blocker: ElectronModule['powerSaveBlocker'],
  sale: SaleInProgress,
): () => void {
  let id: number | null = null;
  const apply = (active: boolean) => {
    if (active && id === null) id = blocker.start('prevent-display-sleep');
    else if (!active && id !== null) {
      if (blocker.isStarted(id)) blocker.stop(id);
      id = null;
    }
  };
  apply(sale.active);
  return sale.onChange(apply);
}
