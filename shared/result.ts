import type { CodeParams, ErrorCode } from './codes';

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
  /** What happened: an ErrorCode (shared/codes.ts), worded only by the renderer. */
  code: string;
  /** Data the wording may show (a field path, the PSP's own words), never a sentence. */
  params?: CodeParams;
  /** The input field the error refers to, when there is one. */
  field?: string;
  retryAfterMs?: number;
  /** @deprecated Services return codes, not sentences: translate `code` in the renderer. */
  message?: never;
  /** An `internal` error's reference: the same id is in the log line that tells what broke. */
  correlationId?: string;
}

export type Ok<T> = { ok: true; value: T };
export type Err = { ok: false } & AppError;
export type Result<T> = Ok<T> | Err;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

type ErrExtra = {
  field?: string;
  retryAfterMs?: number;
  params?: CodeParams;
  correlationId?: string;
};

/** A failure: a listed code (shared/codes.ts), never a sentence; the renderer words it. */
export function err(kind: ErrorKind, code: ErrorCode, extra: ErrExtra = {}): Err {
  return { ok: false, kind, code, ...extra };
}
