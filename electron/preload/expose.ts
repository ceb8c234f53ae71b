// `window.balcao` from the contract's channel names over ipcRenderer, and nothing else: the
// page gets plain functions, never ipcRenderer itself or an event object.
import type { ContextBridge, IpcRenderer, IpcRendererEvent } from 'electron';
import { createApi } from '../../shared/ipc-api';
import { EVENT_CHANNELS, type EventChannel } from '../../shared/ipc-channels';

export function exposeApi(
  contextBridge: Pick<ContextBridge, 'exposeInMainWorld'>,
  ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
): void {
  const api = createApi(
    (channel, input) => ipcRenderer.invoke(channel, input),
    (event: EventChannel, listener) => {
      if (!(EVENT_CHANNELS as readonly string[]).includes(event))
        throw new Error(`unknown event ${String(event)}`);
      const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(event, wrapped);
      return () => void ipcRenderer.removeListener(event, wrapped);
    },
  );
  contextBridge.exposeInMainWorld('balcao', api);
}
