import type { Electron } from '../electron-api';
import type { ShellLog } from './crash';

/**
 * Stop the services (close the ledger) before Electron exits: the first quit is held until
 * `stop` settles (the updater and tray go first), then quits for good.
 */
export function quitCleanly(
  app: Electron.App,
  o: { stop: () => Promise<void>; before: () => void; log: ShellLog },
): void {
  let stopped = false;
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    o.before();
    void o
      .stop()
      .catch((error) => o.log.error('stop failed', error))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}
