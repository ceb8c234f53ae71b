// Auto-update with electron-updater from the `publish` URL of electron-builder.yml: it downloads
// in the background and installs only when the app quits — and not even then while a charge waits
// for its payment (the next clean quit installs it). It never restarts the app by itself.
import type { SaleInProgress } from './sale-in-progress';
import type { ShellLog } from './crash';

/** The part of electron-updater's `autoUpdater` we use. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: unknown;
  checkForUpdates(): Promise<unknown>;
  on(event: 'error', fn: (e: Error) => void): unknown;
  on(event: 'update-downloaded', fn: (info: { version: string }) => void): unknown;
}

export const UPDATE_CHECK_MS = 4 * 60 * 60 * 1000;

export function startUpdater(
  u: Updater,
  o: { sale: SaleInProgress; log: ShellLog; everyMs?: number },
): () => void {
  u.logger = o.log;
  u.autoDownload = true;
  u.autoInstallOnAppQuit = !o.sale.active;
  const offSale = o.sale.onChange((active) => (u.autoInstallOnAppQuit = !active));
  u.on('error', (e) => o.log.warn('update check failed', String(e)));
  u.on('update-downloaded', (info) =>
    o.log.info('update downloaded; installs when the app quits', info.version),
  );
  const check = () => void u.checkForUpdates().catch((e) => o.log.warn('update check failed', e));
  check();
  const timer = setInterval(check, o.everyMs ?? UPDATE_CHECK_MS);
  timer.unref?.();
  return () => {
    offSale();
    clearInterval(timer);
  };
}
