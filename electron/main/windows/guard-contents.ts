// The guards every webContents gets.
import type { Electron } from '../electron-api';
import { isAllowedExternal } from '../security/external-links';

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
