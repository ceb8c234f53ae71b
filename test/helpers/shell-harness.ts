// Starts the Electron shell (electron/main/shell.ts) against the fake `electron` module and a
// small in-memory core, so the main process's wiring can be driven as the OS and a page would.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALL_CHANNELS, type CallChannel } from '../../shared/ipc-contract';
import { ok } from '../../shared/result';
import { defaultSettings, type AppSettings, type SettingsPatch } from '../../shared/settings';
import type { ChargeView, ConnectionStatus } from '../../shared/views';
import { AppEvents } from '../../electron/services/events';
import type { Handlers } from '../../electron/services/ipc-dispatch';
import { createLogger, Redactor } from '../../electron/services/log';
import type { Updater } from '../../electron/main/os/updater';
import { startShell, type ShellCore } from '../../electron/main/shell';
import { createFakeElectron, FakeBrowserWindow, ipcEvent } from './fake-electron';

export interface HarnessOptions {
  argv?: string[];
  settings?: Partial<AppSettings>;
  displays?: Array<{ id: number; bounds: { x: number; y: number; width: number; height: number } }>;
  singleInstance?: boolean;
  platform?: NodeJS.Platform;
  /** A data folder prepared by the test (a ledger, a chosen restore…); else a fresh one. */
  dataDir?: string;
}

export function charge(id: string, status: ChargeView['status'], amountCents = 1234): ChargeView {
  return {
    id,
    externalId: `ext-${id}`,
    operation: 'deposit',
    amountCents,
    status,
    flags: [],
    demo: true,
    createdAt: 0,
    updatedAt: 0,
    expiresAt: 0,
  };
}

export async function startHarness(o: HarnessOptions = {}) {
  const fake = createFakeElectron();
  fake.app.singleInstance = o.singleInstance ?? true;
  if (o.displays) fake.screen.displays = o.displays;

  const root = mkdtempSync(path.join(os.tmpdir(), 'balcao-shell-'));
  const distDir = path.join(root, 'dist');
  mkdirSync(path.join(distDir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'renderer', 'index.html'), '<!doctype html><title>B</title>');
  writeFileSync(path.join(distDir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  // Files just outside the renderer folder, which app:// must never serve.
  writeFileSync(path.join(root, 'secret.txt'), 'outside the renderer');
  writeFileSync(path.join(distDir, 'secret.txt'), 'outside the renderer');
  const dataDir = o.dataDir ?? path.join(root, 'data');

  let settings: AppSettings = { ...defaultSettings(), ...o.settings };
  const events = new AppEvents();
  let connection: ConnectionStatus = { state: 'reconnecting', since: 0 };
  const redactor = new Redactor();
  const logLines: string[] = [];
  const calls: Array<{ channel: CallChannel; input: unknown }> = [];
  const lifecycle = { started: 0, stopped: 0 };
  const pending: ChargeView[] = [];
  const core: ShellCore = {
    events,
    settings: { get: () => settings },
    charges: { list: (f) => pending.filter((c) => !f.status || c.status === f.status) },
    connection: () => connection,
    redactor,
    logger: createLogger((line) => logLines.push(line), redactor),
    start: async () => void lifecycle.started++,
    stop: async () => void lifecycle.stopped++,
  };
  const handlers = Object.fromEntries(
    CALL_CHANNELS.map((channel) => [
      channel,
      (input: unknown) => {
        calls.push({ channel, input });
        if (channel === 'settings:update') {
          const patch = (input as { patch: SettingsPatch }).patch;
          settings = { ...settings, ...(patch as Partial<AppSettings>) };
          return ok(settings);
        }
        return ok({ channel });
      },
    ]),
  ) as unknown as Handlers;

  const logged: Array<{ level: string; args: unknown[] }> = [];
  const log = {
    info: (...args: unknown[]) => logged.push({ level: 'info', args }),
    warn: (...args: unknown[]) => logged.push({ level: 'warn', args }),
    error: (...args: unknown[]) => logged.push({ level: 'error', args }),
  };
  const proc = new (await import('node:events')).EventEmitter();
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    logger: null as unknown,
    checks: 0,
    quitAndInstallCalls: 0,
    listeners: new Map<string, (arg: unknown) => void>(),
    checkForUpdates: async () => void updater.checks++,
    quitAndInstall: () => void updater.quitAndInstallCalls++,
    on: (event: string, fn: (arg: unknown) => void) => (updater.listeners.set(event, fn), updater),
  };

  const shell = await startShell(fake.module, {
    distDir,
    argv: o.argv ?? ['balcao'],
    env: { BALCAO_DATA_DIR: dataDir },
    platform: o.platform ?? 'win32',
    process: proc as unknown as NodeJS.Process,
    createLog: () => log,
    boot: async () => ({ core, handlers }),
    updater: () => updater as Updater,
  });

  const mainWindow = () => FakeBrowserWindow.all.find((w) => !w.url.includes('#/cliente'));
  const customerWindow = () => FakeBrowserWindow.all.find((w) => w.url.includes('#/cliente'));
  /** Calls a contract channel as the page in `win` (the cashier's by default) would. */
  const invoke = (channel: string, payload: unknown, event?: Record<string, unknown>) => {
    const h = fake.ipcMain.handlers.get(channel);
    if (!h) throw new Error(`no handler for ${channel}`);
    return h(event ?? ipcEvent(mainWindow()!), payload) as Promise<{
      ok: boolean;
      code?: string;
      value?: unknown;
    }>;
  };

  return {
    fake,
    shell,
    root,
    distDir,
    dataDir,
    events,
    calls,
    logged,
    lifecycle,
    updater,
    process: proc,
    pending,
    redactor,
    mainWindow,
    customerWindow,
    invoke,
    setConnection(c: ConnectionStatus) {
      connection = c;
      events.emit('connection:changed', c);
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** Every role and label of a menu template, submenus included. */
export function menuEntries(items: Array<Record<string, unknown>>): string[] {
  return items.flatMap((i) => [
    ...(i.role ? [String(i.role)] : []),
    ...(i.label ? [String(i.label)] : []),
    ...(Array.isArray(i.submenu) ? menuEntries(i.submenu as Array<Record<string, unknown>>) : []),
  ]);
}
