// A stand-in for the `electron` module (its binary cannot be installed here): each part records
// what the shell asked of it, and tests play the OS's part (a second launch, a display plugged
// in, a renderer crash). Only what electron/main uses is here.
import { EventEmitter } from 'node:events';
import type { ElectronModule } from '../../electron/main/electron-api';

type Fn = (...a: never[]) => unknown;

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
  sent: Array<{ channel: string; payload: unknown }> = [];
  reloads = 0;
  printCalls: Array<Record<string, unknown>> = [];
  printers = [{ name: 'Termica_80', displayName: 'Térmica 80' }];
  printResult: [boolean, string] = [true, ''];
  pdf = Buffer.from('%PDF-1.7 fake');
  constructor(readonly owner: FakeBrowserWindow) {
    super();
  }
  setWindowOpenHandler(fn: FakeWebContents['windowOpenHandler']) {
    this.windowOpenHandler = fn;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
  reload() {
    this.reloads++;
  }
  async getPrintersAsync() {
    return this.printers;
  }
  print(options: Record<string, unknown>, cb: (ok: boolean, reason: string) => void) {
    this.printCalls.push(options);
    cb(...this.printResult);
  }
  async printToPDF() {
    return this.pdf;
  }
  /** Emits a cancellable event as Chromium would; true when a listener prevented it. */
  attempt(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static all: FakeBrowserWindow[] = [];
  static focused: FakeBrowserWindow | null = null;
  static getAllWindows() {
    return [...FakeBrowserWindow.all];
  }
  static getFocusedWindow() {
    return FakeBrowserWindow.focused;
  }
  readonly webContents = new FakeWebContents(this);
  url = '';
  bounds: { x: number; y: number; width: number; height: number };
  fullScreen: boolean;
  destroyed = false;
  minimized = false;
  shown = false;
  focusCount = 0;
  constructor(readonly options: Record<string, never> & Record<string, unknown>) {
    super();
    const o = options as Record<string, number | boolean | undefined>;
    this.bounds = {
      x: (o.x as number) ?? 0,
      y: (o.y as number) ?? 0,
      width: (o.width as number) ?? 800,
      height: (o.height as number) ?? 600,
    };
    this.fullScreen = !!o.fullscreen;
    FakeBrowserWindow.all.push(this);
  }
  async loadURL(url: string) {
    this.url = url;
    this.emit('ready-to-show');
  }
  show() {
    this.shown = true;
  }
  focus() {
    this.focusCount++;
    FakeBrowserWindow.focused = this;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    this.destroyed = true;
    FakeBrowserWindow.all = FakeBrowserWindow.all.filter((w) => w !== this);
    if (FakeBrowserWindow.focused === this) FakeBrowserWindow.focused = null;
    this.emit('closed');
  }
  setBounds(b: FakeBrowserWindow['bounds']) {
    this.bounds = { ...b };
  }
  isFullScreen() {
    return this.fullScreen;
  }
  setFullScreen(v: boolean) {
    this.fullScreen = v;
  }
}

class FakeApp extends EventEmitter {
  paths: Record<string, string> = {};
  logsPath = '';
  singleInstance = true;
  quitCalls = 0;
  sandboxed = false;
  appUserModelId = '';
  isPackaged = false;
  loginItem = { openAtLogin: false };
  loginItemCalls = 0;
  getLoginItemSettings() {
    return { ...this.loginItem };
  }
  setLoginItemSettings(s: { openAtLogin: boolean }) {
    this.loginItemCalls++;
    this.loginItem = { openAtLogin: s.openAtLogin };
  }
  setPath(name: string, p: string) {
    this.paths[name] = p;
  }
  getPath(name: string) {
    return this.paths[name] ?? `/fake/${name}`;
  }
  setAppLogsPath(p: string) {
    this.logsPath = p;
  }
  requestSingleInstanceLock() {
    return this.singleInstance;
  }
  /** Schemes the app asked the OS to hand to it (`balcao://`). */
  protocolClients: string[] = [];
  setAsDefaultProtocolClient(scheme: string) {
    this.protocolClients.push(scheme);
    return true;
  }
  /** Each `app.relaunch(options)` asked (the app is then quit by the caller). */
  relaunches: Array<{ args?: string[]; execPath?: string }> = [];
  relaunch(o: { args?: string[]; execPath?: string } = {}) {
    this.relaunches.push(o);
  }
  /** Each `app.exit(code)` asked. */
  exits: number[] = [];
  exit(code = 0) {
    this.exits.push(code);
  }
  quit() {
    this.quitCalls++;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.emit('will-quit');
  }
  enableSandbox() {
    this.sandboxed = true;
  }
  setAppUserModelId(id: string) {
    this.appUserModelId = id;
  }
  whenReady() {
    return Promise.resolve();
  }
  getVersion() {
    return '0.0.0-test';
  }
}

class FakeTray extends EventEmitter {
  static last: FakeTray | null = null;
  tooltip = '';
  menu: { template: Array<Record<string, unknown>> } | null = null;
  destroyed = false;
  constructor(readonly image: unknown) {
    super();
    FakeTray.last = this;
  }
  setToolTip(t: string) {
    this.tooltip = t;
  }
  setContextMenu(m: FakeTray['menu']) {
    this.menu = m;
  }
  destroy() {
    this.destroyed = true;
  }
}

class FakeNotification extends EventEmitter {
  static shown: FakeNotification[] = [];
  static supported = true;
  static isSupported() {
    return FakeNotification.supported;
  }
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show() {
    FakeNotification.shown.push(this);
  }
}

class FakeScreen extends EventEmitter {
  displays = [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }];
  primaryId = 1;
  getAllDisplays() {
    return this.displays;
  }
  getPrimaryDisplay() {
    return this.displays.find((d) => d.id === this.primaryId)!;
  }
  /** The OS reports a change of monitors. */
  set(displays: FakeScreen['displays'], event = 'display-added') {
    this.displays = displays;
    this.emit(event, {}, displays.at(-1));
  }
}

class FakeSession extends EventEmitter {
  permissionRequest: Fn | null = null;
  permissionCheck: Fn | null = null;
  devicePermission: Fn | null = null;
  setPermissionRequestHandler(fn: Fn) {
    this.permissionRequest = fn;
  }
  setPermissionCheckHandler(fn: Fn) {
    this.permissionCheck = fn;
  }
  setDevicePermissionHandler(fn: Fn) {
    this.devicePermission = fn;
  }
  /** Asks the request handler as Chromium would; resolves to its answer. */
  request(permission: string, requestingUrl: string): Promise<boolean> {
    return new Promise((resolve) =>
      (this.permissionRequest as (...a: unknown[]) => void)(null, permission, resolve, {
        requestingUrl,
      }),
    );
  }
}

export function createFakeElectron() {
  FakeBrowserWindow.all = [];
  FakeBrowserWindow.focused = null;
  FakeNotification.shown = [];
  FakeNotification.supported = true;
  FakeTray.last = null;
  const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
  const blockers = new Map<number, string>();
  let nextBlocker = 1;
  const fake = {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    crashReporter: {
      options: null as Record<string, unknown> | null,
      start(o: Record<string, unknown>) {
        this.options = o;
      },
    },
    dialog: {
      errors: [] as string[],
      showErrorBox(_title: string, content: string) {
        this.errors.push(content);
      },
      savePath: '' as string,
      async showSaveDialog() {
        return { canceled: !this.savePath, filePath: this.savePath };
      },
      /** The folder the person picks in the open dialog ('' = cancelled), and what was asked. */
      folder: '' as string,
      openAsked: [] as Array<Record<string, unknown>>,
      async showOpenDialog(...a: unknown[]) {
        this.openAsked.push(a[a.length - 1] as Record<string, unknown>);
        return { canceled: !this.folder, filePaths: this.folder ? [this.folder] : [] };
      },
    },
    ipcMain: {
      handlers,
      handle(channel: string, fn: (event: unknown, payload: unknown) => unknown) {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, fn);
      },
    },
    Menu: {
      current: null as { template: Array<Record<string, unknown>> } | null,
      buildFromTemplate: (template: Array<Record<string, unknown>>) => ({ template }),
      setApplicationMenu(m: { template: Array<Record<string, unknown>> }) {
        this.current = m;
      },
    },
    nativeImage: {
      createFromPath: (p: string) => ({ path: p, resize: () => ({ path: p, resized: true }) }),
    },
    Notification: FakeNotification,
    powerSaveBlocker: {
      blockers,
      start(type: string) {
        blockers.set(nextBlocker, type);
        return nextBlocker++;
      },
      stop(id: number) {
        blockers.delete(id);
      },
      isStarted: (id: number) => blockers.has(id),
    },
    protocol: {
      privileged: [] as unknown[],
      handlers: new Map<string, (r: Request) => Promise<Response>>(),
      registerSchemesAsPrivileged(s: unknown[]) {
        this.privileged.push(...s);
      },
      handle(scheme: string, fn: (r: Request) => Promise<Response>) {
        this.handlers.set(scheme, fn);
      },
    },
    screen: new FakeScreen(),
    session: { defaultSession: new FakeSession() },
    shell: {
      opened: [] as string[],
      async openExternal(url: string) {
        this.opened.push(url);
      },
    },
    Tray: FakeTray,
  };
  return Object.assign(fake, {
    /** The module as the shell sees it. */
    module: fake as unknown as ElectronModule,
    tray: () => FakeTray.last,
  });
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/** An invoke from a frame: our own top frame by default. */
export function ipcEvent(
  win: FakeBrowserWindow,
  o: { url?: string; parent?: unknown } = {},
): Record<string, unknown> {
  return {
    sender: win.webContents,
    senderFrame: { url: o.url ?? win.url, parent: o.parent ?? null },
  };
}
