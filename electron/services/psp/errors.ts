import { err, type Err } from '../../../shared/result';

/**
 * A9: how a PSP failure becomes one of our error kinds. The PSP's own text is kept as detail
 * (after the caller redacts it), behind a pt-BR sentence a cashier can act on.
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

const detail = (m?: string) => (m ? ` (PSP: ${m})` : '');

export function httpError(status: number, body: unknown, retryAfterMs?: number): Err {
  const m = pspMessage(body);
  if (status === 400 || status === 422)
    return err('validation', 'PSP_REJECTED', `O PSP recusou os dados${detail(m)}.`);
  if (status === 401 || status === 403)
    return err(
      'auth',
      'PSP_AUTH',
      `O PSP recusou as credenciais. Confira-as em Configurações${detail(m)}.`,
    );
  if (status === 404)
    return err('not_found', 'PSP_NOT_FOUND', `O PSP não encontrou o registro${detail(m)}.`);
  if (status === 409)
    return err(
      'conflict',
      'PSP_DUPLICATE',
      `O PSP já tem uma operação com este identificador${detail(m)}.`,
    );
  if (status === 429) {
    const secs = retryAfterMs !== undefined ? Math.ceil(retryAfterMs / 1000) : undefined;
    return err(
      'rate_limited',
      'PSP_RATE_LIMITED',
      `Muitas requisições ao PSP. Tente de novo${secs !== undefined ? ` em ${secs} s` : ' em instantes'}.`,
      {
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      },
    );
  }
  if (status >= 500)
    return err(
      'unavailable',
      'PSP_UNAVAILABLE',
      `O PSP está fora do ar (HTTP ${status}). Nada foi cobrado; tente de novo.`,
    );
  return err(
    'unavailable',
    'PSP_UNEXPECTED_STATUS',
    `Resposta inesperada do PSP (HTTP ${status})${detail(m)}.`,
  );
}

export const NOT_SENT = err(
  'unavailable',
  'PSP_UNREACHABLE',
  'Sem conexão com o PSP. Nada foi enviado; confira a internet e tente de novo.',
);

/** The request went out and no usable answer came back: it may have happened. */
export const noAnswer = (why: string): Err =>
  err(
    'uncertain',
    'PSP_NO_ANSWER',
    `O PSP não respondeu (${why}). A operação pode ter sido registrada: verificando antes de repetir.`,
  );

export const badReply = (field: string, sideEffect: boolean): Err =>
  err(
    sideEffect ? 'uncertain' : 'unavailable',
    'PSP_UNEXPECTED_REPLY',
    `Resposta do PSP fora do formato esperado (campo ${field}).${sideEffect ? ' A operação pode ter sido registrada.' : ''}`,
  );
