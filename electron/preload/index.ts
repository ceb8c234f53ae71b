// The preload is deliberately thin: it turns the contract's channel names into
// `window.balcao` over ipcRenderer and nothing else (bundled to one CommonJS file,
// because a sandboxed preload cannot load ES modules).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createApi } from '../../shared/ipc-api';
import { EVENT_CHANNELS, type EventChannel } from '../../shared/ipc-channels';

const api = createApi(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (event: EventChannel, listener) => {
    if (!(EVENT_CHANNELS as readonly string[]).includes(event))
      throw new Error(`unknown event ${String(event)}`);
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => ipcRenderer.removeListener(event, wrapped);
  },
);

contextBridge.exposeInMainWorld('balcao', api);
