// Crashes are logged and recovered from, never shown as a stack trace: the crash reporter keeps
// minidumps on this PC only; a main-process error is logged and the app goes on; a renderer that
// dies is reloaded (the charge lives in the ledger, and the cashier screen restores it on load).
import type { Electron, ElectronModule } from '../electron-api';

export interface ShellLog {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export function startCrashReporter(e: Pick<ElectronModule, 'crashReporter'>): void {
  e.crashReporter.start({ uploadToServer: false, compress: true, ignoreSystemCrashHandler: true });
}

export function handleProcessErrors(proc: Pick<NodeJS.Process, 'on'>, log: ShellLog): void {
  proc.on('uncaughtException', (error) => log.error('uncaughtException', error));
  proc.on('unhandledRejection', (reason) => log.error('unhandledRejection', reason));
}

export function handleChildProcesses(app: ElectronModule['app'], log: ShellLog): void {
  // Chromium restarts its GPU and utility processes itself; we only keep a trace.
  app.on('child-process-gone', (_event, d) =>
    log.warn('child-process-gone', { type: d.type, reason: d.reason, exitCode: d.exitCode }),
  );
}

/** Reloads a crashed renderer, at most `max` times a minute (a crash loop is logged, not spun). */
export function recoverRenderer(
  win: Electron.BrowserWindow,
  log: ShellLog,
  o: { now?: () => number; max?: number } = {},
): void {
  const now = o.now ?? Date.now;
  const max = o.max ?? 3;
  const recent: number[] = [];
  win.webContents.on('render-process-gone', (_event, d) => {
    log.error('render-process-gone', { reason: d.reason, exitCode: d.exitCode });
    if (d.reason === 'clean-exit' || win.isDestroyed()) return;
    const t = now();
    while (recent.length && t - recent[0]! > 60_000) recent.shift();
    if (recent.length >= max) return log.error('renderer keeps crashing: not reloading again');
    recent.push(t);
    win.webContents.reload();
  });
  win.on('unresponsive', () => log.warn('window unresponsive'));
}
