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

export function sendError(reply: FastifyReply, e: HttpError): FastifyReply {
  return reply.code(e.status).headers(e.headers).send({ message: e.message, code: e.code });
}
