/**
 * Errors are values. Every fallible call in the app returns a Result whose failure carries
 * a kind from a small taxonomy (what the caller can do about it) and a precise code (what
 * happened, the key of a pt-BR/en message).
 */
export const ERROR_KINDS = [
  'validation', // the input is wrong: fix it and try again
  'auth', // credentials missing, wrong or expired
  'not_found',
  'conflict', // a duplicate id, or a state that forbids the action
  'rate_limited', // wait retryAfterMs
  'unavailable', // the PSP/relay cannot be reached or failed: nothing happened
  'uncertain', // the request went out and the answer was lost: it may have happened
  'internal', // a bug of ours
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface AppError {
  kind: ErrorKind;
  code: string;
  /** Human text (pt-BR by default); the renderer re-renders from `code` in its language. */
  message: string;
  /** The input field the error refers to, when there is one. */
  field?: string;
  retryAfterMs?: number;
  /** An `internal` error's reference: the same id is in the log line that tells what broke. */
  correlationId?: string;
}

export type Ok<T> = { ok: true; value: T };
export type Err = { ok: false } & AppError;
export type Result<T> = Ok<T> | Err;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

export function err(
  kind: ErrorKind,
  code: string,
  message: string,
  extra: Pick<AppError, 'field' | 'retryAfterMs' | 'correlationId'> = {},
): Err {
  return { ok: false, kind, code, message, ...extra };
}
