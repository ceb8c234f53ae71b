import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { replyError } from './admin-routes';

/**
 * Fastify's own errors, answered in the relay's error shape: callbacks have their own limit
 * (hook-intake.ts), so a 413 here is the admin routes' 1 MiB; a 5xx is logged, never detailed.
 */
export function relayErrorHandler(e: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return replyError(reply, 413, 'TOO_LARGE', 'Body too large');
  const status = e.statusCode ?? 500;
  if (status >= 500) req.log.error({ err: e }, 'request failed');
  return replyError(
    reply,
    status,
    status < 500 ? 'BAD_REQUEST' : 'INTERNAL',
    status < 500 ? e.message : 'Internal relay error',
  );
}
