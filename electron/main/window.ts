import { BrowserWindow, session, shell } from 'electron';
import path from 'node:path';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** Locks the renderer down: CSP, no permissions, no navigation, no new windows. */
export function hardenSession(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, callback) => callback(false));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
}

export function createMainWindow(distDir: string, hash = ''): BrowserWindow {
  const customer = hash.startsWith('/cliente');
  const win = new BrowserWindow({
    width: customer ? 1024 : 1280,
    height: customer ? 768 : 800,
    minWidth: customer ? 480 : 1024,
    minHeight: customer ? 480 : 700,
    title: customer ? 'Balcão — cliente' : 'Balcão',
    show: false,
    webPreferences: {
      preload: path.join(distDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.once('ready-to-show', () => win.show());
  void win.loadFile(path.join(distDir, 'renderer', 'index.html'), hash ? { hash } : undefined);
  return win;
}
