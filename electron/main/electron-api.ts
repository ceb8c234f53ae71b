// The part of the `electron` module the shell uses. The composition root passes the real module;
// tests pass a fake that records calls (the Electron binary cannot run in CI).
import type * as Electron from 'electron';

export type ElectronModule = Pick<
  typeof Electron,
  | 'app'
  | 'BrowserWindow'
  | 'crashReporter'
  | 'dialog'
  | 'ipcMain'
  | 'Menu'
  | 'nativeImage'
  | 'Notification'
  | 'powerSaveBlocker'
  | 'protocol'
  | 'screen'
  | 'session'
  | 'shell'
  | 'Tray'
>;

export type { Electron };
