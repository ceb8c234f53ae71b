// The Electron shell, wired from an `electron` module passed in (the real one in index.ts, a
// recording fake in tests). It owns windows, menu, tray, printing, notifications, updates and
// crash recovery; all logic of the terminal stays in the services (`boot` builds them).
import path from 'node:path';
import { deepLinkSale } from '../../shared/domain/deep-link';
import type { AppSettings } from '../../shared/settings';
import { dataDir as resolveDataDir } from '../services/data-dir';
import type { Handlers } from '../services/ipc-dispatch';
import type { ElectronModule } from './electron-api';
import { ownFrameCheck, registerIpc } from './ipc/register';
import { shellHandlers } from './ipc/shell-handlers';
import { isDeveloperMode, menuTemplate } from './menu';
import type { ShellLog } from './os/crash';
import { handleDeepLinks, type DeepLinks } from './os/deep-link';
import { syncOpenAtLogin } from './os/open-at-login';
import { paymentNotifier } from './os/payment-notifier';
import { prepareProcess, useDataDir } from './os/process-setup';
import { restoreAtStart } from './os/restore-at-start';
import { quitCleanly } from './os/quit-cleanly';
import { forwardSaleNews } from './os/sale-news';
import { bringToFront, claimSingleInstance } from './os/single-instance';
import { createTray } from './os/tray';
import { startUpdater, type Updater } from './os/updater';
import { APP_SCHEME, appProtocolHandler, RENDERER_INDEX_URL } from './security/app-protocol';
import { hardenSession } from './security/session';
import type { ShellCore } from './shell-core';
import { shellTexts } from './texts';
import { cashierWindows, type CashierWindows } from './windows/cashier-windows';

export { APP_USER_MODEL_ID } from './os/process-setup';
export type { ShellCore } from './shell-core';

export interface ShellOptions {
  /** The build output: renderer/, preload/index.cjs, main/icon.png. */
  distDir: string;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  process: Pick<NodeJS.Process, 'on'>;
  /** The log, writing under `dir`, redacting each line with the current `redact()`. */
  createLog(dir: string, redact: () => (text: string) => string): ShellLog;
  /** The services of this terminal, on the one data folder. */
  boot(dataDir: string, log: ShellLog): Promise<{ core: ShellCore; handlers: Handlers }>;
  /** electron-updater's autoUpdater in a packaged app; null in development. */
  updater(): Updater | null;
}

export type Shell = NonNullable<Awaited<ReturnType<typeof startShell>>>;

/** Starts the app; resolves to null when another Balcão already runs (it was focused instead). */
export async function startShell(e: ElectronModule, o: ShellOptions) {
  const { app } = e;
  const dev = isDeveloperMode(o.argv, o.env);
  const dir = resolveDataDir(o.env);
  useDataDir(app, dir);

  // Late bindings, named: a second launch may arrive before the windows and links exist.
  let windows: CashierWindows | null = null;
  let links: DeepLinks | null = null;
  const claimed = claimSingleInstance(
    app,
    () => bringToFront(windows?.main()),
    (a) => links?.fromArgv(a),
  );
  if (!claimed) return null;
  links = handleDeepLinks(app, o.argv);

  let redact = (text: string) => text;
  const log = o.createLog(path.join(dir, 'logs'), () => redact);
  prepareProcess(e, o, log);
  if (!restoreAtStart(e, o.argv, dir, log)) return null;

  await app.whenReady();
  e.protocol.handle(APP_SCHEME, appProtocolHandler(path.join(o.distDir, 'renderer')));
  hardenSession(e.session.defaultSession);

  const { core, handlers } = await o.boot(dir, log);
  redact = (text) => core.redactor.redact(text);
  const texts = () => shellTexts(core.settings.get().language);
  const w = cashierWindows({ e, distDir: o.distDir, devTools: dev, log });
  windows = w;
  const setMenu = () =>
    e.Menu.setApplicationMenu(
      e.Menu.buildFromTemplate(
        menuTemplate({ dev, texts: texts(), platform: o.platform, onQuit: () => app.quit() }),
      ),
    );
  let tray: ReturnType<typeof createTray> | null = null;
  const applySettings = (s: AppSettings) => {
    w.display.sync(s.customerDisplay);
    syncOpenAtLogin(app, o.platform, s.openAtLogin);
    setMenu();
    tray?.refresh();
  };
  registerIpc(
    e.ipcMain,
    shellHandlers({
      e,
      handlers,
      argv: o.argv,
      log,
      settings: () => core.settings.get(),
      cashier: w.cashier,
      applySettings,
    }),
    ownFrameCheck(RENDERER_INDEX_URL, () =>
      e.BrowserWindow.getAllWindows().map((win) => win.webContents),
    ),
    core.logger,
  );
  const notify = paymentNotifier({
    e,
    texts,
    terminalName: () => core.settings.get().terminalName,
    onClick: w.openCashier,
  });
  const sale = forwardSaleNews(e, core, notify);

  setMenu();
  await core.start();
  w.openCashier();
  w.display.sync(core.settings.get().customerDisplay);
  syncOpenAtLogin(app, o.platform, core.settings.get().openAtLogin);
  tray = createTray(
    { e, iconPath: w.icon, texts, onOpen: w.openCashier, onQuit: () => app.quit() },
    core.connection(),
  );
  core.events.on('connection:changed', (c) => tray?.setConnection(c));
  app.on('activate', w.openCashier);
  // A sale from the shop's PDV: the Caixa comes to the front with its QR, over the PDV's window.
  core.events.on('pdv:sale', () => w.openCashier());
  // `balcao://cobrar?valor=…&ref=…`: Balcão comes forward with the amount filled (never charged).
  links.ready((url) => {
    // Refused on the owner's PC only (`Este computador: Só proprietário`): no sale comes forward.
    const link = deepLinkSale(url, core.settings.get());
    if (!link.ok) return log.warn('deep link refused', { code: link.code });
    w.sendToCashier('pdv:prefill', link.value);
  });

  const updater = o.updater();
  const stopUpdater = updater ? startUpdater(updater, { sale, log }) : () => {};
  quitCleanly(app, {
    stop: () => core.stop(),
    before: () => {
      stopUpdater();
      tray?.destroy();
    },
    log,
  });

  log.info('started', { dataDir: dir, developer: dev });
  return { log, sale, display: w.display, mainWindow: w.main, tray: () => tray };
}
