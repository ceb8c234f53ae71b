import type { ChargeView } from '../../../shared/views';
import type { ElectronModule } from '../electron-api';
import type { ShellCore } from '../shell-core';
import { keepAwakeDuringSale, SaleInProgress } from './sale-in-progress';

/**
 * The services' news, out to the OS: every window hears every event; a sale open keeps the
 * screen awake (and holds an update back); a charge's change may raise a notification.
 */
export function forwardSaleNews(
  e: ElectronModule,
  core: ShellCore,
  notify: (c: ChargeView) => void,
): SaleInProgress {
  const sale = new SaleInProgress();
  for (const status of ['PENDING', 'UNCERTAIN'] as const)
    for (const c of core.charges.list({ status })) sale.update(c);
  keepAwakeDuringSale(e.powerSaveBlocker, sale);
  core.events.onAny((event, payload) => {
    for (const w of e.BrowserWindow.getAllWindows())
      if (!w.isDestroyed()) w.webContents.send(event, payload);
  });
  core.events.on('charges:updated', (c) => {
    sale.update(c);
    notify(c);
  });
  return sale;
}
