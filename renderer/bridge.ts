// The only reader of window.balcao (set by the Electron preload or the development host).
import type { BalcaoApi } from '../shared/ipc-contract';
import type { Err } from '../shared/result';
import { i18next } from './i18n';

declare global {
  interface Window {
    balcao?: BalcaoApi;
  }
}

export function bridge(): BalcaoApi {
  if (!window.balcao) throw new Error('window.balcao is missing: the preload did not run');
  return window.balcao;
}

/** An error as the cashier reads it: our translation of its code, else the service's own words. */
export function describeError(
  e: Pick<Err, 'code' | 'message' | 'correlationId'>,
  params: Record<string, unknown> = {},
): string {
  const key = `errors.${e.code}`;
  // An internal error's reference, so the cashier can quote the line in the log.
  const ref = e.correlationId?.slice(0, 8);
  return i18next.exists(key) ? i18next.t(key, { ref, ...params }) : e.message;
}
