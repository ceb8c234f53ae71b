// The preload is deliberately thin (bundled to one CommonJS file, because a sandboxed preload
// cannot load ES modules): expose.ts builds `window.balcao` from the contract.
import { contextBridge, ipcRenderer } from 'electron';
import { exposeApi } from './expose';

exposeApi(contextBridge, ipcRenderer);
