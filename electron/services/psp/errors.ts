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
    pick(b.detail) ??
    // Efí's error body: {nome, mensagem} (docs/api-pix.md).
    pick(b.mensagem)
  );
}

/**
 * The PSP's machine-readable error name, when it sends one: Efí's `nome` (`txid_duplicado`,
 * `cobranca_nao_encontrada`), or the last segment of the API Pix problem's `type`
 * (`…/error/CobNaoEncontrado`). Data for the caller's decision, never shown as is.
 */
export function pspErrorName(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const name =
    typeof b.nome === 'string'
      ? b.nome
      : typeof b.type === 'string'
        ? b.type.split('/').pop()
        : undefined;
  return name && /^[A-Za-z0-9_.-]{1,64}$/.test(name) ? name : undefined;
}

/** Seconds or an HTTP date → milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The PSP's own words (redacted by the caller) and the HTTP status, as data for the wording. */
const params = (status: number, m?: string, name?: string) => ({
  params: { status, ...(m && { pspMessage: m }), ...(name && { pspError: name }) },
});

export function httpError(status: number, body: unknown, retryAfterMs?: number): Err {
  const m = pspMessage(body);
  const name = pspErrorName(body);
  if (status === 400 || status === 422)
    return err('validation', 'PSP_REJECTED', params(status, m, name));
  if (status === 401 || status === 403) return err('auth', 'PSP_AUTH', params(status, m, name));
  if (status === 404) return err('not_found', 'PSP_NOT_FOUND', params(status, m, name));
  if (status === 409) return err('conflict', 'PSP_DUPLICATE', params(status, m, name));
  if (status === 429) {
    return err('rate_limited', 'PSP_RATE_LIMITED', {
      ...params(status, m, name),
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    });
  }
  if (status >= 500) return err('unavailable', 'PSP_UNAVAILABLE', params(status, m, name));
  return err('unavailable', 'PSP_UNEXPECTED_STATUS', params(status, m, name));
}

export const NOT_SENT = err('unavailable', 'PSP_UNREACHABLE');

/** The request went out and no usable answer came back: it may have happened. */
export const noAnswer = (why: 'timeout' | 'connection'): Err =>
  err('uncertain', 'PSP_NO_ANSWER', { params: { why } });

export const badReply = (field: string, sideEffect: boolean): Err =>
  err(sideEffect ? 'uncertain' : 'unavailable', 'PSP_UNEXPECTED_REPLY', {
    params: { field, ...(sideEffect && { mayHaveHappened: 1 }) },
  });
