import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A channel id is a capability (whoever knows it can post to the channel): logs show its first
 * six characters, enough to tell channels apart, never enough to post.
 */
export const shortId = (id: string) => (id.length > 6 ? `${id.slice(0, 6)}…` : id);

/** The URL with every channel id shortened, the query string dropped. */
export function logUrl(url: string): string {
  const p = url.split('?')[0]!;
  return p.replace(
    /^\/(hooks|channels|admin\/channels)\/([^/]+)/,
    (_m, kind: string, id: string) => `/${kind}/${shortId(decodeURIComponentSafe(id))}`,
  );
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Fastify's logger (pino, one JSON object per line). Headers are never logged; tokens and
 * secrets are redacted wherever a log call might carry them.
 */
export function relayLoggerOptions(level: LogLevel, stream?: DestinationStream): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'token',
        '*.token',
        'adminToken',
        '*.adminToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({
        method: req.method,
        url: logUrl(req.url ?? ''),
      }),
    },
    ...(stream && { stream }),
  } as LoggerOptions;
}

/** One line per request, when it completes (not two): the relay may take thousands a second. */
export class RelayLogController extends LogController {
  /** Refused requests (4xx) are counted here instead of a line each (see refusal-log.ts). */
  refused: ((kind: string, status: number, reason: string) => void) | null = null;

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    const status = reply.statusCode;
    if (this.refused && !error && status >= 400 && status < 500)
      this.refused(request.url.startsWith('/admin/') ? 'admin' : 'other', status, 'refused');
    else if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
