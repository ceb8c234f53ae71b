import type { DialectId } from './dialect';
import type { FastifyReply } from 'fastify';

/** Every sandbox error is `{"message", "code"}` with a 4xx/5xx status, and changes nothing. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);

/**
 * `bearer-snake` (its public clients): a refused request comes back as a 2xx with
 * `{success: false, error}`; only auth, duplicates, rate limits and outages keep their status.
 */
export function sendError(
  reply: FastifyReply,
  e: HttpError,
  dialect: DialectId = 'seed',
): FastifyReply {
  const api = reply.request.url.startsWith('/api/'); // the control interface never changes
  if (dialect === 'bearer-snake' && api && (e.status === 400 || e.status === 422)) {
    return reply.code(200).send({ success: false, error: e.message, code: e.code });
  }
  return reply.code(e.status).headers(e.headers).send({ message: e.message, code: e.code });
}
