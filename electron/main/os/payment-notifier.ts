// An OS notification when a payment lands and no window of the app has focus (the cashier is in
// another program): the news must reach them wherever they are. Once per charge.
import { formatBRL } from '../../../shared/domain/money';
import type { ChargeView } from '../../../shared/views';
import type { ElectronModule } from '../electron-api';
import type { ShellTexts } from '../texts';

export interface NotifierDeps {
  e: Pick<ElectronModule, 'Notification' | 'BrowserWindow'>;
  texts(): ShellTexts;
  terminalName(): string;
  /** Brings the cashier window forward when the notification is clicked. */
  onClick(): void;
}

export const isReceived = (c: Pick<ChargeView, 'status' | 'flags'>) =>
  c.status === 'PAID' || c.flags.includes('LATE_PAYMENT');

export function paymentNotifier(d: NotifierDeps) {
  const told = new Set<string>();
  return (c: ChargeView): boolean => {
    if (!isReceived(c) || told.has(c.id)) return false;
    told.add(c.id);
    if (told.size > 1000) told.delete(told.values().next().value!);
    if (d.e.BrowserWindow.getFocusedWindow() || !d.e.Notification.isSupported()) return false;
    const t = d.texts();
    const n = new d.e.Notification({
      title: t.paidTitle,
      body: t.paidBody(formatBRL(c.amountCents), d.terminalName()),
    });
    n.on('click', () => d.onClick());
    n.show();
    return true;
  };
}
