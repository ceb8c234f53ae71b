// The Electron shell, wired from an `electron` module passed in (the real one in index.ts, a
// recording fake in tests). It owns windows, menu, tray, printing, notifications, updates and
// crash recovery; all logic of the terminal stays in the services (`boot` builds them).
import path from 'node:path';
import type { ChargeState } from '../../shared/domain/charge-state';
import { parseDeepLink } from '../../shared/domain/deep-link';
import type { AppSettings } from '../../shared/settings';
import type { ChargeView, ConnectionStatus } from '../../shared/views';
import { dataDir as resolveDataDir } from '../services/data-dir';
import type { AppEvents } from '../services/events';
import type { Handlers } from '../services/ipc-dispatch';
import type { Logger } from '../services/log';
import type { Electron, ElectronModule } from './electron-api';
import { ownFrameCheck, registerIpc } from './ipc/register';
import { shellHandlers } from './ipc/shell-handlers';
import { isDeveloperMode, menuTemplate } from './menu';
import {
  handleChildProcesses,
  handleProcessErrors,
  recoverRenderer,
  startCrashReporter,
  type ShellLog,
} from './os/crash';
import { handleDeepLinks, type DeepLinks } from './os/deep-link';
import { syncOpenAtLogin } from './os/open-at-login';
import { paymentNotifier } from './os/payment-notifier';
import { restoreAtStart } from './os/restore-at-start';
import { quitCleanly } from './os/quit-cleanly';
import { keepAwakeDuringSale, SaleInProgress } from './os/sale-in-progress';
import { bringToFront, claimSingleInstance } from './os/single-instance';
import { createTray } from './os/tray';
import { startUpdater, type Updater } from './os/updater';
import {
  APP_SCHEME,
  appProtocolHandler,
  registerAppScheme,
  RENDERER_INDEX_URL,
} from './security/app-protocol';
import { hardenSession } from './security/session';
import { shellTexts } from './texts';
import { createCashierWindow, createCustomerWindow, type WindowDeps } from './windows/app-window';
import { CustomerDisplay } from './windows/customer-display';

/** Windows shows notifications and groups taskbar icons by this id (electron-builder's appId). */
export const APP_USER_MODEL_ID = 'br.com.balcao.app';

/** What the shell needs of the services (AppCore satisfies it). */
export interface ShellCore {
  events: Pick<AppEvents, 'on' | 'onAny'>;
  settings: { get(): AppSettings };
  charges: { list(filter: { status?: ChargeState }): ChargeView[] };
  connection(): ConnectionStatus;
  redactor: { redact(text: string): string };
  /** Where a handler's exception is logged, with its correlation id (ipc-dispatch). */
  logger: Logger;
  start(): Promise<void>;
  stop(): Promise<void>;
}

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

  // One data folder on every host: the development host's (services/data-dir.ts), not
  // Electron's default, which would follow the product name "Balcão".
  const dir = resolveDataDir(o.env);
  app.setPath('userData', dir);
  app.setPath('sessionData', path.join(dir, 'chromium'));
  app.setPath('crashDumps', path.join(dir, 'crashes'));
  app.setAppLogsPath(path.join(dir, 'logs'));

  let mainWindow: Electron.BrowserWindow | null = null;
  let links: DeepLinks | null = null;
  if (
    !claimSingleInstance(
      app,
      () => bringToFront(mainWindow),
      (a) => links?.fromArgv(a),
    )
  )
    return null;
  links = handleDeepLinks(app, o.argv);

  let redact = (text: string) => text;
  const log = o.createLog(path.join(dir, 'logs'), () => redact);
  handleProcessErrors(o.process, log);
  startCrashReporter(e);
  handleChildProcesses(app, log);
  registerAppScheme(e);
  app.enableSandbox();
  if (o.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  app.on('window-all-closed', () => {
    if (o.platform !== 'darwin') app.quit();
  });

  if (!restoreAtStart(e, o.argv, dir, log)) return null;

  await app.whenReady();
  e.protocol.handle(APP_SCHEME, appProtocolHandler(path.join(o.distDir, 'renderer')));
  hardenSession(e.session.defaultSession);

  const { core, handlers } = await o.boot(dir, log);
  redact = (text) => core.redactor.redact(text);
  const texts = () => shellTexts(core.settings.get().language);
  const icon = path.join(o.distDir, 'main', 'icon.png');
  const windowDeps: WindowDeps = {
    e,
    preload: path.join(o.distDir, 'preload', 'index.cjs'),
    devTools: dev,
    icon,
  };
  /** Pages that finished loading: a message sent before would reach no listener. */
  const loaded = new WeakSet<Electron.WebContents>();
  const openCashier = () => {
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createCashierWindow(windowDeps);
      const wc = mainWindow.webContents;
      wc.on('did-finish-load', () => loaded.add(wc));
      recoverRenderer(mainWindow, log);
    }
    bringToFront(mainWindow);
  };
  const display = new CustomerDisplay(e.screen, (p) => {
    const win = createCustomerWindow(windowDeps, p);
    recoverRenderer(win, log);
    return win;
  });

  const setMenu = () =>
    e.Menu.setApplicationMenu(
      e.Menu.buildFromTemplate(
        menuTemplate({ dev, texts: texts(), platform: o.platform, onQuit: () => app.quit() }),
      ),
    );

  let tray: ReturnType<typeof createTray> | null = null;
  const applySettings = (s: AppSettings) => {
    display.sync(s.customerDisplay);
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
      cashier: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null),
      applySettings,
    }),
    ownFrameCheck(RENDERER_INDEX_URL, () =>
      e.BrowserWindow.getAllWindows().map((w) => w.webContents),
    ),
    core.logger,
  );

  const sale = new SaleInProgress();
  for (const status of ['PENDING', 'UNCERTAIN'] as const)
    for (const c of core.charges.list({ status })) sale.update(c);
  keepAwakeDuringSale(e.powerSaveBlocker, sale);
  const notify = paymentNotifier({
    e,
    texts,
    terminalName: () => core.settings.get().terminalName,
    onClick: openCashier,
  });
  core.events.onAny((event, payload) => {
    for (const w of e.BrowserWindow.getAllWindows())
      if (!w.isDestroyed()) w.webContents.send(event, payload);
  });
  core.events.on('charges:updated', (c) => {
    sale.update(c);
    notify(c);
  });

  setMenu();
  await core.start();
  openCashier();
  display.sync(core.settings.get().customerDisplay);
  syncOpenAtLogin(app, o.platform, core.settings.get().openAtLogin);
  tray = createTray(
    { e, iconPath: icon, texts, onOpen: openCashier, onQuit: () => app.quit() },
    core.connection(),
  );
  core.events.on('connection:changed', (c) => tray?.setConnection(c));
  app.on('activate', openCashier);
  // A sale from the shop's PDV: the Caixa comes to the front with its QR, over the PDV's window.
  core.events.on('pdv:sale', () => openCashier());
  // `balcao://cobrar?valor=…&ref=…`: Balcão comes forward with the amount filled (never charged).
  links.ready((url) => {
    const sale = parseDeepLink(url, core.settings.get().psp.maxAmountCents);
    if (!sale.ok) return log.warn('deep link refused', { code: sale.code });
    openCashier();
    const wc = mainWindow!.webContents;
    const send = () => wc.send('pdv:prefill', sale.value);
    if (loaded.has(wc)) send();
    else wc.once('did-finish-load', send);
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
  return { log, sale, display, mainWindow: () => mainWindow, tray: () => tray };
}
