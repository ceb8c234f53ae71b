// Composition root: wires services to windows and IPC. Logic lives in electron/services.
import { app, BrowserWindow } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ok } from '../../shared/result';
import type { Handlers } from '../services/ipc-dispatch';
import { registerIpc, ownFrameCheck } from './ipc/register';
import { createMainWindow, hardenSession } from './window';

const distDir = path.resolve(__dirname, '..');
const rendererIndexUrl = pathToFileURL(path.join(distDir, 'renderer', 'index.html')).href;

const handlers: Handlers = {
  'app:info': () => ok({ version: app.getVersion(), mode: 'demo', host: 'electron' }),
};

app.enableSandbox();
void app.whenReady().then(() => {
  hardenSession();
  registerIpc(
    handlers,
    ownFrameCheck(rendererIndexUrl, () => BrowserWindow.getAllWindows().map((w) => w.webContents)),
  );
  createMainWindow(distDir);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(distDir);
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
