import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { DestinationStream } from 'pino';
import { RelayLogController, relayLoggerOptions, shortId, type LogLevel } from './logging';
import { guardConnections } from './connection-guard';
import { hookIntake } from './hook-intake';
import { Metrics } from './metrics';
import { RateLimiter } from './rate-limit';
import { RefusalLog } from './refusal-log';
import type { RelayStore } from './store';
import { Subscribers } from './subscribers';
import { bearer, hashToken, newChannelId, newToken, tokenMatches } from './tokens';

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
 * secret: the terminal verifies each callback's HMAC itself.
 */
export async function startRelay(o: RelayOptions) {
  const now = o.now ?? Date.now;
  const metrics = new Metrics(o.store.constructor.name.replace(/Store$/, '').toLowerCase());
  const rate = o.ratePerSec ?? 1000;
  const burst = o.burst ?? 2000;
  const maxBody = o.maxBodyBytes ?? 65536;
  const limiter = new RateLimiter(rate, burst, now);
  const maxSubs = o.maxSubscribersPerChannel ?? 10;
  const err = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send({ ok: false, code, message });

  // Callbacks and event streams are served by plain node:http handlers ahead of Fastify's
  // routing: a callback is the hot path (Fastify's per-request work about doubles its CPU), and
  // a stream lives for hours, with Fastify's per-request objects (request, reply, a child
  // logger) living with it, several KiB per connected terminal.
  let streams: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;
  let closing = false;
  const refusals = new RefusalLog(() => app.log, o.refusalLogIntervalMs ?? 10_000, now);
  const hooks = hookIntake({
    store: o.store,
    metrics,
    limiter,
    limit: { ratePerSec: rate, burst },
    maxBodyBytes: maxBody,
    log: () => app.log,
    refusals,
    now,
    closing: () => closing,
  });
  const logController = o.log ? new RelayLogController() : null;
  if (logController)
    logController.refused = (kind, status, reason) => refusals.add(kind, status, reason);
  const app: FastifyInstance = Fastify({
    serverFactory: (handler) => {
      const bodyTimeoutMs = o.bodyTimeoutMs ?? 10_000;
      // Slow headers are swept at this interval (Node's default is 30 s).
      const connectionsCheckingInterval = Math.min(1000, bodyTimeoutMs);
      const server = http.createServer({ connectionsCheckingInterval }, (req, res) => {
        guard(req, res);
        if (!hooks(req, res) && !streams(req, res)) handler(req, res);
      });
      const guard = guardConnections(server, {
        bodyTimeoutMs,
        fdReserve: o.fdReserve ?? 128,
        ...(o.fdLimit !== undefined && { fdLimit: o.fdLimit }),
        onDrop: (why) => {
          metrics.reject(`slow_${why}`);
          refusals.add('slow', why === 'timeout' ? 408 : 0, why);
        },
      });
      // What Fastify sets on a server it creates itself (a factory's server gets Node's own
      // defaults, whose 5 s keep-alive and request-timeout sweeps close connections a PSP is
      // about to reuse).
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    ...(o.log
      ? {
          logger: relayLoggerOptions(o.log.level, o.log.stream),
          logController: logController!,
        }
      : { logger: false }),
    bodyLimit: 1 << 20,
    forceCloseConnections: 'idle',
  });
  const subscribers = new Subscribers(
    o.store,
    metrics,
    o.heartbeatMs ?? 15_000,
    (e, channelId) => {
      metrics.storeError('read');
      app.log.error({ err: e, channel: shortId(channelId) }, 'reading the store failed');
    },
    now,
  );
  app.setErrorHandler((e, req, reply) => {
    const code = (e as { code?: string }).code;
    // Callbacks have their own limit (hook-intake.ts); this is the admin routes' 1 MiB.
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return err(reply, 413, 'TOO_LARGE', 'Body too large');
    const status = (e as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) req.log.error({ err: e }, 'request failed');
    return err(
      reply,
      status,
      status < 500 ? 'BAD_REQUEST' : 'INTERNAL',
      status < 500 ? (e as Error).message : 'Internal relay error',
    );
  });

  const isAdmin = (header: string | undefined) => {
    const t = bearer(header);
    return t !== null && tokenMatches(t, hashToken(o.adminToken));
  };
  const base = () => o.publicUrl ?? `http://${o.host ?? '127.0.0.1'}:${port}`;

  app.post('/admin/channels', async (req, reply) => {
    if (!isAdmin(req.headers.authorization))
      return err(reply, 401, 'UNAUTHORIZED', 'Admin token required');
    const channelId = newChannelId();
    const token = newToken();
    await o.store.createChannel({ id: channelId, tokenHash: hashToken(token), createdAt: now() });
    req.log.info({ channel: shortId(channelId) }, 'channel created');
    return reply.code(201).send({ channelId, token, hookUrl: `${base()}/hooks/${channelId}` });
  });
  app.post<{ Params: { id: string } }>('/admin/channels/:id/rotate', async (req, reply) => {
    if (!isAdmin(req.headers.authorization))
      return err(reply, 401, 'UNAUTHORIZED', 'Admin token required');
    const token = newToken();
    if (!(await o.store.setTokenHash(req.params.id, hashToken(token))))
      return err(reply, 404, 'NOT_FOUND', 'Unknown channel');
    req.log.info({ channel: shortId(req.params.id) }, 'channel token rotated');
    return reply.send({ channelId: req.params.id, token });
  });
  // The channels, for an operator: id prefix only (an id is half of a hook's address), when
  // made, when last called back, and how many terminals read it through this instance.
  app.get('/admin/channels', async (req, reply) => {
    if (!isAdmin(req.headers.authorization))
      return err(reply, 401, 'UNAUTHORIZED', 'Admin token required');
    const list = await o.store.listChannels();
    return reply.send({
      channels: list.map((c) => ({
        idPrefix: shortId(c.id),
        createdAt: new Date(c.createdAt).toISOString(),
        lastEventAt: c.lastEventAt === null ? null : new Date(c.lastEventAt).toISOString(),
        subscribersHere: subscribers.count(c.id),
      })),
    });
  });
  app.delete<{ Params: { id: string } }>('/admin/channels/:id', async (req, reply) => {
    if (!isAdmin(req.headers.authorization))
      return err(reply, 401, 'UNAUTHORIZED', 'Admin token required');
    if (!(await o.store.deleteChannel(req.params.id)))
      return err(reply, 404, 'NOT_FOUND', 'Unknown channel');
    req.log.info({ channel: shortId(req.params.id) }, 'channel deleted');
    return reply.send({ ok: true });
  });

  streams = (req, res) => {
    const m = /^\/channels\/([^/?]+)\/events(?:\?.*)?$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !m) return false;
    const fail = (status: number, code: string, message: string) => {
      if (status < 500) refusals.add('events', status, code);
      res
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ ok: false, code, message }));
    };
    let channelId: string;
    try {
      channelId = decodeURIComponent(m[1]!);
    } catch {
      fail(401, 'UNAUTHORIZED', 'Channel token required');
      return true;
    }
    const lastHeader = req.headers['last-event-id'];
    const cursor =
      typeof lastHeader === 'string' && /^\d+(-\d+)?$/.test(lastHeader) ? lastHeader : null;
    const token = bearer(req.headers.authorization);
    o.store
      .getChannel(channelId)
      .then(async (channel) => {
        if (!channel || token === null || !tokenMatches(token, channel.tokenHash))
          return fail(401, 'UNAUTHORIZED', 'Channel token required');
        if (subscribers.count(channel.id) >= maxSubs)
          return fail(429, 'TOO_MANY_SUBSCRIBERS', `At most ${maxSubs} subscribers per channel`);
        // Resuming from an event the store no longer holds (purged by retention): events may be
        // missing in between, so the terminal is told (a `gap` event: it asks the PSP).
        const gap = cursor !== null && !(await o.store.holds(channel.id, cursor));
        if (res.destroyed) return;
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write(': connected\n\n');
        if (gap) res.write(`event: gap\ndata: ${JSON.stringify({ after: cursor })}\n\n`);
        const short = shortId(channel.id);
        app.log.info({ channel: short, lastEventId: cursor }, 'subscriber connected');
        subscribers.add(channel.id, res, cursor, () =>
          app.log.info({ channel: short }, 'subscriber left'),
        );
      })
      .catch((e: unknown) => {
        app.log.error({ err: e, channel: shortId(channelId) }, 'reading the store failed');
        if (res.headersSent) res.destroy();
        else fail(503, 'UNAVAILABLE', 'Relay store unavailable, try again');
      });
    return true;
  };

  app.get('/healthz', async () => ({ ok: true }));
  // Ready: the store takes a write within the bound (a load balancer stops routing callbacks
  // to an instance whose store is gone; /healthz only says the process answers).
  app.get('/readyz', async (_req, reply) => {
    const bound = o.readyTimeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    const ok = await Promise.race([
      (o.store.probe?.() ?? Promise.resolve()).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), bound))),
    ]);
    clearTimeout(timer);
    if (ok) return { ok: true };
    metrics.storeError('probe');
    return reply
      .code(503)
      .header('retry-after', '1')
      .send({ ok: false, code: 'UNAVAILABLE', message: 'Relay store unavailable' });
  });
  const metricsHash = o.metricsToken ? hashToken(o.metricsToken) : null;
  app.get('/metrics', async (req, reply) => {
    const t = bearer(req.headers.authorization);
    const allowed =
      isAdmin(req.headers.authorization) ||
      (metricsHash !== null && t !== null && tokenMatches(t, metricsHash));
    if (!allowed) return err(reply, 401, 'UNAUTHORIZED', 'Metrics token required');
    return reply.type(metrics.contentType).send(await metrics.text());
  });

  // The hourly purge: a failure is logged and tried again next hour, never left unhandled;
  // a purge still running when the next is due is not doubled.
  let purging: Promise<void> | null = null;
  const purge = () => {
    if (purging) return purging;
    const cutoff = now() - (o.retentionDays ?? 7) * 86_400_000;
    purging = o.store
      .purgeBefore(cutoff)
      .then(
        (n) => app.log.info({ purged: n }, 'old events purged'),
        (e: unknown) => app.log.error({ err: e }, 'purging old events failed'),
      )
      .finally(() => (purging = null));
    return purging;
  };
  const purgeTimer = setInterval(purge, o.purgeIntervalMs ?? 3_600_000);
  purgeTimer.unref();

  // A deep accept queue: after a restart, thousands of terminals reconnect at once.
  await app.listen({ port: o.port ?? 0, host: o.host ?? '127.0.0.1', backlog: 4096 });
  const port = (app.server.address() as { port: number }).port;
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${port}`,
    port,
    metrics,
    log: app.log,
    /** Runs the retention purge now (it also runs every hour); never rejects. */
    purge,
    /** Graceful: refuse new work, let accepted callbacks finish, end the streams, flush the store. */
    async close() {
      closing = true;
      clearInterval(purgeTimer);
      subscribers.close();
      await app.close();
      refusals.close();
      await purging;
      await o.store.close();
    },
  };
}
