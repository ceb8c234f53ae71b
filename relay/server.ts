import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { adminCheck, registerAdminRoutes } from './admin-routes';
import { relayErrorHandler } from './error-reply';
import { registerHealthRoutes } from './health-routes';
import { registerJournalIntake } from './journal-intake';
import { relayServerFactory } from './http-server';
import { RelayLogController, relayLoggerOptions } from './logging';
import { Metrics } from './metrics';
import { purgeSchedule } from './purge-schedule';
import type { RelayOptions } from './relay-options';
import { relayPieces } from './relay-pieces';

export type { RelayOptions } from './relay-options';

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
  // Fastify's logger exists once Fastify does, and the pieces below are made before it (its
  // server factory needs them): they read it through this.
  const logRef: { current: FastifyBaseLogger | null } = { current: null };
  const log = () => logRef.current!;
  let closing = false;
  const { refusals, subscribers, hooks, streams } = relayPieces(o, {
    metrics,
    log,
    now,
    closing: () => closing,
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
  app.setErrorHandler(relayErrorHandler);
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
  registerJournalIntake(app, { store: o.store, now });
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
