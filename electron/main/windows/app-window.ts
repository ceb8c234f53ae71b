// The app's windows: the cashier's, and the customer display on the `/cliente` route. Both load
// the renderer from app:// with the same locked-down webPreferences.
import type { Electron, ElectronModule } from '../electron-api';
import { RENDERER_INDEX_URL } from '../security/app-protocol';
import type { Placement } from './customer-display';
import { guardContents } from './guard-contents';

export interface WindowDeps {
  e: Pick<ElectronModule, 'BrowserWindow' | 'shell'>;
  preload: string;
  devTools: boolean;
  icon?: string;
}

export const CUSTOMER_ROUTE = '/cliente';

export function createCashierWindow(d: WindowDeps): Electron.BrowserWindow {
  return load(d, '', {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    title: 'Balcão',
  });
}

export function createCustomerWindow(d: WindowDeps, p: Placement): Electron.BrowserWindow {
  return load(d, CUSTOMER_ROUTE, {
    ...p.bounds,
    minWidth: 480,
    minHeight: 480,
    fullscreen: p.fullscreen,
    title: 'Balcão — cliente',
  });
}

/**
 * The one `new BrowserWindow` of the app, its webPreferences written out here (not built
 * elsewhere) so a static scanner such as Electronegativity sees every one of them.
 */
function load(
  d: WindowDeps,
  route: string,
  options: Electron.BrowserWindowConstructorOptions,
): Electron.BrowserWindow {
  const { BrowserWindow } = d.e;
  const win = new BrowserWindow({
    ...options,
    show: false,
    autoHideMenuBar: !d.devTools || route !== '',
    ...(d.icon && { icon: d.icon }),
    webPreferences: {
      preload: d.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // A middle click would otherwise open a link in a new window (Electronegativity AUXCLICK).
      disableBlinkFeatures: 'Auxclick',
      devTools: d.devTools,
    },
  });
  guardContents(win.webContents, (url) => d.e.shell.openExternal(url));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(route ? `${RENDERER_INDEX_URL}#${route}` : RENDERER_INDEX_URL);
  return win;
}
