// The app's windows: the cashier's, and the customer display on the `/cliente` route. Both load
// the renderer from app:// with the same locked-down webPreferences.
import type { Electron, ElectronModule } from '../electron-api';
import { RENDERER_INDEX_URL } from '../security/app-protocol';
import type { Placement } from './customer-display';
import { guardContents, webPreferences } from './web-preferences';

export interface WindowDeps {
  e: Pick<ElectronModule, 'BrowserWindow' | 'shell'>;
  preload: string;
  devTools: boolean;
  icon?: string;
}

export const CUSTOMER_ROUTE = '/cliente';

export function createCashierWindow(d: WindowDeps): Electron.BrowserWindow {
  const win = new d.e.BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    title: 'Balcão',
    show: false,
    autoHideMenuBar: !d.devTools,
    ...(d.icon && { icon: d.icon }),
    webPreferences: webPreferences(d.preload, d.devTools),
  });
  return load(d, win, '');
}

export function createCustomerWindow(d: WindowDeps, p: Placement): Electron.BrowserWindow {
  const win = new d.e.BrowserWindow({
    ...p.bounds,
    minWidth: 480,
    minHeight: 480,
    fullscreen: p.fullscreen,
    title: 'Balcão — cliente',
    show: false,
    autoHideMenuBar: true,
    ...(d.icon && { icon: d.icon }),
    webPreferences: webPreferences(d.preload, d.devTools),
  });
  return load(d, win, CUSTOMER_ROUTE);
}

function load(d: WindowDeps, win: Electron.BrowserWindow, route: string) {
  guardContents(win.webContents, (url) => d.e.shell.openExternal(url));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(route ? `${RENDERER_INDEX_URL}#${route}` : RENDERER_INDEX_URL);
  return win;
}
