import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_CHANNELS } from '../../../shared/ipc-contract';
import type { Handlers } from '../../services/ipc-dispatch';
import { invokeFromSender, isOwnFrame } from './sender-check';

/**
 * The only user of ipcMain: sender check → schema → service → Result. A frame that is not
 * the app's own (a file:// page of our bundle, top frame) is refused (./sender-check.ts).
 */
export function registerIpc(
  handlers: Handlers,
  isOwnFrame: (e: IpcMainInvokeEvent) => boolean,
): void {
  for (const channel of CALL_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      invokeFromSender(isOwnFrame, handlers, channel, event, payload),
    );
  }
}

export function ownFrameCheck(rendererIndexUrl: string, windows: () => WebContents[]) {
  return (event: IpcMainInvokeEvent): boolean => isOwnFrame(event, rendererIndexUrl, windows());
}
