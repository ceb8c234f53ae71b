import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { guardConnections } from './connection-guard';
import type { Metrics } from './metrics';
import type { RefusalLog } from './refusal-log';

export interface RelayHttpServerDeps {
  /** Longest time a request's headers and body may take to arrive. */
  bodyTimeoutMs: number;
  /** File descriptors kept free while slow clients are held. */
  fdReserve: number;
  fdLimit?: number;
  metrics: Metrics;
  refusals: RefusalLog;
  /**
   * Handlers served ahead of Fastify's routing (callbacks, event streams): true when one took
   * the request. A callback is the hot path (Fastify's per-request work about doubles its CPU).
   */
  ahead: Array<(req: IncomingMessage, res: ServerResponse) => boolean>;
}

/** Fastify's `serverFactory`: the relay's node:http server with its guards and timeouts. */
export function relayServerFactory(d: RelayHttpServerDeps) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    // Slow headers are swept at this interval (Node's default is 30 s).
    const connectionsCheckingInterval = Math.min(1000, d.bodyTimeoutMs);
    const server = http.createServer({ connectionsCheckingInterval }, (req, res) => {
      guard(req, res);
      if (!d.ahead.some((take) => take(req, res))) handler(req, res);
    });
    const guard = guardConnections(server, {
      bodyTimeoutMs: d.bodyTimeoutMs,
      fdReserve: d.fdReserve,
      ...(d.fdLimit !== undefined && { fdLimit: d.fdLimit }),
      onDrop: (why) => {
        d.metrics.reject(`slow_${why}`);
        d.refusals.add('slow', why === 'timeout' ? 408 : 0, why);
      },
    });
    // What Fastify sets on a server it creates itself (a factory's server gets Node's own
    // defaults, whose 5 s keep-alive and request-timeout sweeps close connections a PSP is
    // about to reuse).
    server.keepAliveTimeout = 72_000;
    server.requestTimeout = 0;
    server.setTimeout(0);
    return server;
  };
}
