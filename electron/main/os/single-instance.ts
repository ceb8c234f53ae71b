// One Balcão per PC: two would share one ledger. A second launch hands over to the first, which
// comes to the front.
import type { Electron, ElectronModule } from '../electron-api';

export function claimSingleInstance(
  app: ElectronModule['app'],
  focus: () => void,
  /** The second launch's arguments (a `balcao://` link among them). */
  onArgv: (argv: readonly string[]) => void = () => {},
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv) => {
    focus();
    onArgv(argv);
  });
  return true;
}

export function bringToFront(win: Electron.BrowserWindow | null | undefined): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
