import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { CALL_CHANNELS } from '../../../shared/ipc-contract';
import type { Handlers } from '../../services/ipc-dispatch';
import type { Logger } from '../../services/log';
import type { ElectronModule } from '../electron-api';
import { invokeFromSender, isOwnFrame } from './sender-check';

/**
 * The only user of ipcMain: sender check → schema → service → Result. A frame that is not
 * the app's own (the top frame of one of our windows, showing our app:// page) is refused
 * (./sender-check.ts, a pure function).
 */
export function registerIpc(
  ipcMain: ElectronModule['ipcMain'],
  handlers: Handlers,
  isOwnFrame: (e: IpcMainInvokeEvent) => boolean,
  logger: Logger,
): void {
  for (const channel of CALL_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      invokeFromSender(isOwnFrame, handlers, channel, event, payload, logger),
    );
  }
}

export function ownFrameCheck(rendererIndexUrl: string, windows: () => WebContents[]) {
  return (event: IpcMainInvokeEvent): boolean => isOwnFrame(event, rendererIndexUrl, windows());
}
