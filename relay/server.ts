import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { Metrics } from './metrics';
import { RateLimiter } from './rate-limit';
import type { RelayStore } from './store';
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
  now?: () => number;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'authorization',
  'cookie',
]);

/**
 * The callback relay: the PSP posts to /hooks/{channel}; the body is stored as received, with
 * its headers, and 200 is sent only once it is durable; the terminal reads its channel as
 * Server-Sent Events and resumes with Last-Event-ID. It never holds the PSP's secret: the
 * terminal verifies each callback's HMAC itself.
 */
export async function startRelay(o: RelayOptions) {
  const now = o.now ?? Date.now;
  const metrics = new Metrics();
  const rate = o.ratePerSec ?? 1000;
  const burst = o.burst ?? 2000;
  const limiter = new RateLimiter(rate, burst, now);
  const maxSubs = o.maxSubscribersPerChannel ?? 10;
  const heartbeatMs = o.heartbeatMs ?? 15_000;
  const subs = new Map<string, number>();
  const streams = new Set<ServerResponse>();
  const aborts = new Set<AbortController>();
  const err = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send({ ok: false, code, message });

  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: 1 << 20,
    forceCloseConnections: 'idle',
  });
  app.setErrorHandler((e, _req, reply) => {
    const code = (e as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      metrics.reject('too_large');
      return err(reply, 413, 'TOO_LARGE', `Body over ${o.maxBodyBytes ?? 65536} bytes`);
    }
    const status = (e as { statusCode?: number }).statusCode ?? 500;
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
    return reply.code(201).send({ channelId, token, hookUrl: `${base()}/hooks/${channelId}` });
  });
  app.post<{ Params: { id: string } }>('/admin/channels/:id/rotate', async (req, reply) => {
    if (!isAdmin(req.headers.authorization))
      return err(reply, 401, 'UNAUTHORIZED', 'Admin token required');
    const token = newToken();
    if (!(await o.store.setTokenHash(req.params.id, hashToken(token))))
      return err(reply, 404, 'NOT_FOUND', 'Unknown channel');
    return reply.send({ channelId: req.params.id, token });
  });
  app.delete<{ Params: { id: string } }>('/admin/channels/:id', async (req, reply) => {
    if (!isAdmin(req.headers.authorization))
      return err(reply, 401, 'UNAUTHORIZED', 'Admin token required');
    if (!(await o.store.deleteChannel(req.params.id)))
      return err(reply, 404, 'NOT_FOUND', 'Unknown channel');
    return reply.send({ ok: true });
  });

  await app.register(async (hooks) => {
    // The body is kept exactly as received (the HMAC is over these bytes).
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: o.maxBodyBytes ?? 65536 },
      (_req, body, done) => done(null, body),
    );
    hooks.post<{ Params: { channelId: string } }>('/hooks/:channelId', async (req, reply) => {
      const channel = await o.store.getChannel(req.params.channelId);
      if (!channel) {
        metrics.reject('unknown_channel');
        return err(reply, 404, 'NOT_FOUND', 'Unknown channel');
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (!HOP_BY_HOP.has(k) && typeof v === 'string') headers[k] = v;
      const event = {
        receivedAt: now(),
        headers,
        body: typeof req.body === 'string' ? req.body : '',
      };
      const t = performance.now();
      // A shared store limits the rate for all instances in the same step as the write.
      const id = o.store.appendLimited
        ? await o.store.appendLimited(channel.id, event, { ratePerSec: rate, burst })
        : limiter.take(channel.id)
          ? await o.store.append(channel.id, event)
          : null;
      if (id === null) {
        metrics.reject('rate');
        return reply.header('retry-after', '1').code(429).send({
          ok: false,
          code: 'RATE_LIMITED',
          message: 'Too many callbacks for this channel',
        });
      }
      metrics.storeSeconds += (performance.now() - t) / 1000;
      metrics.storeCount++;
      metrics.received++;
      return reply.send({ ok: true, id });
    });
  });

  app.get<{ Params: { channelId: string } }>('/channels/:channelId/events', async (req, reply) => {
    const channel = await o.store.getChannel(req.params.channelId);
    const token = bearer(req.headers.authorization);
    if (!channel || token === null || !tokenMatches(token, channel.tokenHash))
      return err(reply, 401, 'UNAUTHORIZED', 'Channel token required');
    if ((subs.get(channel.id) ?? 0) >= maxSubs)
      return err(reply, 429, 'TOO_MANY_SUBSCRIBERS', `At most ${maxSubs} subscribers per channel`);
    const lastHeader = req.headers['last-event-id'];
    let cursor =
      typeof lastHeader === 'string' && /^\d+(-\d+)?$/.test(lastHeader) ? lastHeader : null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    subs.set(channel.id, (subs.get(channel.id) ?? 0) + 1);
    metrics.subscribers++;
    streams.add(res);
    const ac = new AbortController();
    aborts.add(ac);
    req.raw.on('close', () => ac.abort());
    let lastWrite = now();
    try {
      while (!ac.signal.aborted) {
        const batch = await o.store.readAfter(channel.id, cursor, 256);
        for (const e of batch) {
          if (ac.signal.aborted) break;
          const data = JSON.stringify({
            id: e.id,
            receivedAt: e.receivedAt,
            headers: e.headers,
            body: e.body,
          });
          const ok = res.write(`id: ${e.id}\ndata: ${data}\n\n`);
          cursor = e.id;
          metrics.delivered++;
          lastWrite = now();
          // Back-pressure: a subscriber that does not read holds us here, not in memory.
          if (!ok)
            await new Promise<void>((r) => {
              const done = () => (
                res.off('drain', done),
                ac.signal.removeEventListener('abort', done),
                r()
              );
              res.once('drain', done);
              ac.signal.addEventListener('abort', done);
            });
        }
        if (batch.length === 256) continue;
        await o.store.waitForNew(channel.id, cursor, heartbeatMs, ac.signal);
        if (!ac.signal.aborted && now() - lastWrite >= heartbeatMs - 50) {
          res.write(': heartbeat\n\n');
          lastWrite = now();
        }
      }
    } finally {
      subs.set(channel.id, (subs.get(channel.id) ?? 1) - 1);
      metrics.subscribers--;
      streams.delete(res);
      aborts.delete(ac);
      res.end();
    }
  });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/metrics', async (_req, reply) =>
    reply.type('text/plain; version=0.0.4').send(metrics.text()),
  );

  const purge = setInterval(
    () => void o.store.purgeBefore(now() - (o.retentionDays ?? 7) * 86_400_000),
    3_600_000,
  );
  purge.unref();

  await app.listen({ port: o.port ?? 0, host: o.host ?? '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${port}`,
    port,
    metrics,
    /** Graceful: refuse new work, let accepted callbacks finish, end the streams, flush the store. */
    async close() {
      clearInterval(purge);
      for (const ac of aborts) ac.abort();
      for (const s of streams) s.end();
      await app.close();
      await o.store.close();
    },
  };
}
