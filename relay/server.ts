import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { adminCheck, registerAdminRoutes, replyError } from './admin-routes';
import { eventStreams } from './event-streams';
import { registerHealthRoutes } from './health-routes';
import { hookIntake } from './hook-intake';
import { relayServerFactory } from './http-server';
import { RelayLogController, relayLoggerOptions, shortId, type LogLevel } from './logging';
import { Metrics } from './metrics';
import { purgeSchedule } from './purge-schedule';
import { RateLimiter } from './rate-limit';
import { RefusalLog } from './refusal-log';
import type { RelayStore } from './store';
import { Subscribers } from './subscribers';

export interface RelayOptions {
  store: RelayStore;
  adminToken: string;
  port?: number;
  host?: string;
  /** Public base URL, for the hookUrl handed to the PSP (behind a TLS proxy). */
  publicUrl?: string;
  maxBodyBytes?: number;
  ratePerSec?: number;
  burst?: number;
  maxSubscribersPerChannel?: number;
  heartbeatMs?: number;
  retentionDays?: number;
  purgeIntervalMs?: number;
  /** Longest time a request's headers and body may take to arrive (default 10 s). */
  bodyTimeoutMs?: number;
  /** File descriptors kept free while slow clients are held (default 128). */
  fdReserve?: number;
  /** The descriptor limit the reserve is taken from (default: the process's own). */
  fdLimit?: number;
  /**
   * The bearer token `/metrics` asks for (RELAY_METRICS_TOKEN). Without one, only the admin
   * token opens it: metrics name channels' activity and are nobody else's business.
   */
  metricsToken?: string;
  /** Longest wait for the store's probe write before /readyz answers 503 (default 2 s). */
  readyTimeoutMs?: number;
  /** How often refused requests are written, as counts (default 10 s). */
  refusalLogIntervalMs?: number;
  /** Fastify's logger (pino JSON lines); off unless given (the embedded relay stays quiet). */
  log?: { level: LogLevel; stream?: DestinationStream };
  now?: () => number;
}

/**
 * The callback relay: the PSP posts to /hooks/{channel}; the body is stored as received (its
 * exact bytes), with its headers, and 200 is sent only once it is durable; the terminal reads
 * its channel as Server-Sent Events and resumes with Last-Event-ID. It never holds the PSP's
 * secret: the terminal verifies each callback's HMAC itself. This function only assembles the
 * pieces: callbacks (hook-intake.ts), streams (event-streams.ts), admin and health routes, the
 * purge schedule and the guarded HTTP server (http-server.ts).
 */
export async function startRelay(o: RelayOptions) {
  const now = o.now ?? Date.now;
  const metrics = new Metrics(o.store.constructor.name.replace(/Store$/, '').toLowerCase());
  const rate = o.ratePerSec ?? 1000;
  const burst = o.burst ?? 2000;
  // Fastify's logger exists once Fastify does, and the pieces below are made before it (its
  // server factory needs them): they read it through this.
  const logRef: { current: FastifyBaseLogger | null } = { current: null };
  const log = () => logRef.current!;
  let closing = false;
  const refusals = new RefusalLog(log, o.refusalLogIntervalMs ?? 10_000, now);
  const subscribers = new Subscribers(
    o.store,
    metrics,
    o.heartbeatMs ?? 15_000,
    (e, channelId) => {
      metrics.storeError('read');
      log().error({ err: e, channel: shortId(channelId) }, 'reading the store failed');
    },
    now,
  );
  const hooks = hookIntake({
    store: o.store,
    metrics,
    limiter: new RateLimiter(rate, burst, now),
    limit: { ratePerSec: rate, burst },
    maxBodyBytes: o.maxBodyBytes ?? 65536,
    log,
    refusals,
    now,
    closing: () => closing,
  });
  const streams = eventStreams({
    store: o.store,
    subscribers,
    refusals,
    maxSubscribersPerChannel: o.maxSubscribersPerChannel ?? 10,
    log,
  });
  const logController = o.log ? new RelayLogController() : null;
  if (logController)
    logController.refused = (kind, status, reason) => refusals.add(kind, status, reason);
  const app: FastifyInstance = Fastify({
    serverFactory: relayServerFactory({
      bodyTimeoutMs: o.bodyTimeoutMs ?? 10_000,
      fdReserve: o.fdReserve ?? 128,
      ...(o.fdLimit !== undefined && { fdLimit: o.fdLimit }),
      metrics,
      refusals,
      ahead: [hooks, streams],
    }),
    ...(o.log
      ? {
          logger: relayLoggerOptions(o.log.level, o.log.stream),
          logController: logController!,
        }
      : { logger: false }),
    bodyLimit: 1 << 20,
    forceCloseConnections: 'idle',
  });
  logRef.current = app.log;
  app.setErrorHandler((e, req, reply) => {
    const code = (e as { code?: string }).code;
    // Callbacks have their own limit (hook-intake.ts); this is the admin routes' 1 MiB.
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return replyError(reply, 413, 'TOO_LARGE', 'Body too large');
    const status = (e as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) req.log.error({ err: e }, 'request failed');
    return replyError(
      reply,
      status,
      status < 500 ? 'BAD_REQUEST' : 'INTERNAL',
      status < 500 ? (e as Error).message : 'Internal relay error',
    );
  });
  const isAdmin = adminCheck(o.adminToken);
  const host = o.host ?? '127.0.0.1';
  let port = 0;
  registerAdminRoutes(app, {
    store: o.store,
    subscribers,
    isAdmin,
    base: () => o.publicUrl ?? `http://${host}:${port}`,
    now,
  });
  registerHealthRoutes(app, {
    store: o.store,
    metrics,
    isAdmin,
    ...(o.metricsToken && { metricsToken: o.metricsToken }),
    readyTimeoutMs: o.readyTimeoutMs ?? 2000,
  });
  const purges = purgeSchedule({
    store: o.store,
    retentionDays: o.retentionDays ?? 7,
    intervalMs: o.purgeIntervalMs ?? 3_600_000,
    log,
    now,
  });

  // A deep accept queue: after a restart, thousands of terminals reconnect at once.
  await app.listen({ port: o.port ?? 0, host, backlog: 4096 });
  port = (app.server.address() as { port: number }).port;
  return {
    url: `http://${host}:${port}`,
    port,
    metrics,
    log: app.log,
    /** Runs the retention purge now (it also runs every hour); never rejects. */
    purge: purges.purge,
    /** Graceful: refuse new work, let accepted callbacks finish, end the streams, flush the store. */
    async close() {
      closing = true;
      subscribers.close();
      await app.close();
      refusals.close();
      await purges.stop();
      await o.store.close();
    },
  };
}
