// One set of webPreferences for every window, and the guards every webContents gets.
import type { Electron } from '../electron-api';
import { isAllowedExternal } from '../security/external-links';

export function webPreferences(preload: string, devTools: boolean): Electron.WebPreferences {
  return {
    preload,
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
    devTools,
  };
}

/**
 * The page never leaves the app: no navigation or redirect of any frame, no <webview>, no new
 * window. A link to an allowed https host opens in the system browser instead.
 */
export function guardContents(
  wc: Electron.WebContents,
  openExternal: (url: string) => Promise<void>,
): void {
  wc.on('will-navigate', (event) => event.preventDefault());
  wc.on('will-frame-navigate', (event) => event.preventDefault());
  wc.on('will-redirect', (event) => event.preventDefault());
  wc.on('will-attach-webview', (event) => event.preventDefault());
  wc.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void openExternal(url).catch(() => {});
    return { action: 'deny' };
  });
}
