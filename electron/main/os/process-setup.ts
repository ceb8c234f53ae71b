import path from 'node:path';
import type { ElectronModule } from '../electron-api';
import { registerAppScheme } from '../security/app-protocol';
import {
  handleChildProcesses,
  handleProcessErrors,
  startCrashReporter,
  type ShellLog,
} from './crash';

/** Windows shows notifications and groups taskbar icons by this id (electron-builder's appId). */
export const APP_USER_MODEL_ID = 'br.com.balcao.app';

/**
 * Where Electron keeps its own files: under the one data folder of every host (the
 * development host's, services/data-dir.ts), not Electron's default, which would follow the
 * product name "Balcão".
 */
export function useDataDir(app: ElectronModule['app'], dir: string): void {
  app.setPath('userData', dir);
  app.setPath('sessionData', path.join(dir, 'chromium'));
  app.setPath('crashDumps', path.join(dir, 'crashes'));
  app.setAppLogsPath(path.join(dir, 'logs'));
}

/** What the process does before anything shows: crashes caught and logged, the sandbox on. */
export function prepareProcess(
  e: ElectronModule,
  o: { platform: NodeJS.Platform; process: Pick<NodeJS.Process, 'on'> },
  log: ShellLog,
): void {
  const { app } = e;
  handleProcessErrors(o.process, log);
  startCrashReporter(e);
  handleChildProcesses(app, log);
  registerAppScheme(e);
  app.enableSandbox();
  if (o.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  app.on('window-all-closed', () => {
    if (o.platform !== 'darwin') app.quit();
  });
}
