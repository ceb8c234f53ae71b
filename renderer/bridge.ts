// The only reader of window.balcao (set by the Electron preload or the development host).
import type { BalcaoApi } from '../shared/ipc-contract';

declare global {
  interface Window {
    balcao?: BalcaoApi;
  }
}

export function getBridge(): BalcaoApi {
  if (!window.balcao) throw new Error('window.balcao is missing: the preload did not run');
  return window.balcao;
}
