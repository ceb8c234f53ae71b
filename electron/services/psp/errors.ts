import { err, type Err } from '../../../shared/result';

/**
 * A9: how a PSP failure becomes one of our error kinds and codes. The PSP's own text is kept
 * as the `pspMessage` param (after the caller redacts it); the renderer words the code.
 */
export function pspMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const pick = (v: unknown) =>
    typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : undefined;
  const nested = (v: unknown, k: string) =>
    v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return (
    pick(b.message) ??
    pick(b.error) ??
    pick(nested(b.error, 'message')) ??
    pick(Array.isArray(b.errors) ? nested(b.errors[0], 'message') : undefined) ??
    pick(b.detail)
  );
}

/** Seconds or an HTTP date → milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The PSP's own words (redacted by the caller) and the HTTP status, as data for the wording. */
const params = (status: number, m?: string) => ({
  params: { status, ...(m && { pspMessage: m }) },
});

export function httpError(status: number, body: unknown, retryAfterMs?: number): Err {
  const m = pspMessage(body);
  if (status === 400 || status === 422) return err('validation', 'PSP_REJECTED', params(status, m));
  if (status === 401 || status === 403) return err('auth', 'PSP_AUTH', params(status, m));
  if (status === 404) return err('not_found', 'PSP_NOT_FOUND', params(status, m));
  if (status === 409) return err('conflict', 'PSP_DUPLICATE', params(status, m));
  if (status === 429) {
    return err('rate_limited', 'PSP_RATE_LIMITED', {
      ...params(status, m),
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    });
  }
  if (status >= 500) return err('unavailable', 'PSP_UNAVAILABLE', params(status, m));
  return err('unavailable', 'PSP_UNEXPECTED_STATUS', params(status, m));
}

export const NOT_SENT = err('unavailable', 'PSP_UNREACHABLE');

/** The request went out and no usable answer came back: it may have happened. */
export const noAnswer = (why: 'timeout' | 'connection'): Err =>
  err('uncertain', 'PSP_NO_ANSWER', { params: { why } });

export const badReply = (field: string, sideEffect: boolean): Err =>
  err(sideEffect ? 'uncertain' : 'unavailable', 'PSP_UNEXPECTED_REPLY', {
    params: { field, ...(sideEffect && { mayHaveHappened: 1 }) },
  });
