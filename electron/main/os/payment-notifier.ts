// An OS notification when a payment lands and no window of the app has focus (the cashier is in
// another program): the news must reach them wherever they are. Once per charge.
import { isReceived, receivedOf } from '../../../shared/domain/day-closing';
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

export function paymentNotifier(d: NotifierDeps) {
  const told = new Set<string>();
  return (c: ChargeView): boolean => {
    if (!isReceived(c) || told.has(c.id)) return false;
    told.add(c.id);
    if (told.size > 1000) told.delete(told.values().next().value!);
    if (d.e.BrowserWindow.getFocusedWindow() || !d.e.Notification.isSupported()) return false;
    const t = d.texts();
    // Another amount than charged is never news of a plain payment: it says both amounts.
    const n = new d.e.Notification(
      c.status === 'PAID_DIFFERENT_AMOUNT'
        ? {
            title: t.differentTitle,
            body: t.differentBody(
              formatBRL(c.amountCents),
              formatBRL(receivedOf(c)),
              d.terminalName(),
            ),
          }
        : { title: t.paidTitle, body: t.paidBody(formatBRL(c.amountCents), d.terminalName()) },
    );
    n.on('click', () => d.onClick());
    n.show();
    return true;
  };
}
