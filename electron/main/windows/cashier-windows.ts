import path from 'node:path';
import type { Electron, ElectronModule } from '../electron-api';
import { recoverRenderer, type ShellLog } from '../os/crash';
import { bringToFront } from '../os/single-instance';
import { createCashierWindow, createCustomerWindow, type WindowDeps } from './app-window';
import { CustomerDisplay } from './customer-display';

export interface CashierWindowsDeps {
  e: ElectronModule;
  /** The build output: preload/index.cjs, main/icon.png. */
  distDir: string;
  devTools: boolean;
  log: ShellLog;
}

/**
 * The Caixa's window (one, made again if closed, recovered if its renderer dies) and the
 * customer's display; a message for the Caixa waits until its page can hear it.
 */
export function cashierWindows(d: CashierWindowsDeps) {
  const icon = path.join(d.distDir, 'main', 'icon.png');
  const windowDeps: WindowDeps = {
    e: d.e,
    preload: path.join(d.distDir, 'preload', 'index.cjs'),
    devTools: d.devTools,
    icon,
  };
  let main: Electron.BrowserWindow | null = null;
  /** Pages that finished loading: a message sent before would reach no listener. */
  const loaded = new WeakSet<Electron.WebContents>();
  const openCashier = () => {
    if (!main || main.isDestroyed()) {
      main = createCashierWindow(windowDeps);
      const wc = main.webContents;
      wc.on('did-finish-load', () => loaded.add(wc));
      recoverRenderer(main, d.log);
    }
    bringToFront(main);
  };
  const display = new CustomerDisplay(d.e.screen, (p) => {
    const win = createCustomerWindow(windowDeps, p);
    recoverRenderer(win, d.log);
    return win;
  });
  return {
    icon,
    display,
    openCashier,
    /** The Caixa's window as it is (null before the first, or once destroyed). */
    main: () => main,
    cashier: () => (main && !main.isDestroyed() ? main : null),
    /** The Caixa comes forward and gets `channel`, now or once its page has loaded. */
    sendToCashier(channel: string, payload: unknown) {
      openCashier();
      const wc = main!.webContents;
      const send = () => wc.send(channel, payload);
      if (loaded.has(wc)) send();
      else wc.once('did-finish-load', send);
    },
  };
}

export type CashierWindows = ReturnType<typeof cashierWindows>;
