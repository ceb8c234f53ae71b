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

/**
 * An error as the cashier reads it, in the chosen language: services send codes
 * (shared/codes.ts), never sentences. The PSP's own words, when it sent some, follow ours.
 */
export function describeError(
  e: Pick<Err, 'code' | 'params' | 'field' | 'correlationId'>,
  params: Record<string, unknown> = {},
): string {
  return describeCode(['errors'], e.code, {
    ...(e.field !== undefined && { field: e.field }),
    // An internal error's reference, so the cashier can quote the line in the log.
    ...(e.correlationId !== undefined && { ref: e.correlationId.slice(0, 8) }),
    ...e.params,
    ...params,
  });
}

/** A notice on a charge, a withdrawal or the app: a notice code, or the code of a failure. */
export function describeNotice(n: { code: string; params?: Record<string, unknown> }): string {
  return describeCode(['notices', 'errors'], n.code, n.params ?? {});
}

function describeCode(groups: string[], code: string, params: Record<string, unknown>): string {
  const key = groups.map((g) => `${g}.${code}`).find((k) => i18next.exists(k));
  const text = i18next.t(key ?? 'errors.generic', { ...params, code });
  const psp = params.pspMessage;
  return typeof psp === 'string' && psp ? `${text} (PSP: ${psp})` : text;
}
