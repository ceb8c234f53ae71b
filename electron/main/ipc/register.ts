import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { CALL_CHANNELS } from '../../../shared/ipc-contract';
import { err } from '../../../shared/result';
import { dispatch, type Handlers } from '../../services/ipc-dispatch';
import type { Logger } from '../../services/log';
import type { ElectronModule } from '../electron-api';

/**
 * The only user of ipcMain: sender check → schema → service → Result. A frame that is not
 * the app's own (the top frame of one of our windows, showing our app:// page) is refused.
 */
export function registerIpc(
  ipcMain: ElectronModule['ipcMain'],
  handlers: Handlers,
  isOwnFrame: (e: IpcMainInvokeEvent) => boolean,
  logger: Logger,
): void {
  for (const channel of CALL_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      if (!isOwnFrame(event)) return err('auth', 'FORBIDDEN_SENDER', 'Origem não autorizada.');
      return dispatch(handlers, channel, payload, logger);
    });
  }
}

export function ownFrameCheck(rendererIndexUrl: string, windows: () => WebContents[]) {
  return (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    if (!windows().includes(event.sender)) return false;
    return frame.url.split('#')[0] === rendererIndexUrl;
  };
}
