// Composition root: wires services to windows and IPC. Logic lives in electron/services.
import { app, BrowserWindow } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppCore } from '../services/app-core';
import { createHandlers } from '../services/handlers';
import { KeytarSecretStore } from './adapters/keytar-store';
import { startEmbeddedDemo } from './demo';
import { ownFrameCheck, registerIpc } from './ipc/register';
import { createMainWindow, hardenSession } from './window';

const distDir = path.resolve(__dirname, '..');
const rendererIndexUrl = pathToFileURL(path.join(distDir, 'renderer', 'index.html')).href;

app.enableSandbox();
void app.whenReady().then(async () => {
  const dataDir = process.env.BALCAO_DATA_DIR
    ? path.resolve(process.env.BALCAO_DATA_DIR)
    : app.getPath('userData');
  const core = await createAppCore({
    dataDir,
    secrets: new KeytarSecretStore(),
    host: 'electron',
    version: app.getVersion(),
    startDemo: startEmbeddedDemo,
    logSink: (line, level) => {
      if (level !== 'debug') process.stderr.write(`${line}\n`);
    },
  });
  hardenSession();
  registerIpc(
    createHandlers(core, 'electron'),
    ownFrameCheck(rendererIndexUrl, () => BrowserWindow.getAllWindows().map((w) => w.webContents)),
    core.logger,
  );
  core.events.onAny((event, payload) => {
    for (const w of BrowserWindow.getAllWindows()) w.webContents.send(event, payload);
  });
  await core.start();
  createMainWindow(distDir);
  // The optional customer-facing display: a second window on the customer route.
  if (core.settings.get().customerDisplay) createMainWindow(distDir, '/cliente');
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(distDir);
  });
  app.on('before-quit', () => void core.stop());
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
