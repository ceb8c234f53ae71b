import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics';
import type { RateLimiter } from './rate-limit';
import type { RefusalLog } from './refusal-log';
import type { AppendOutcome, RelayStore, StoredEvent } from './store';

/** Headers never stored with an event: they belong to the hop, or they are credentials. */
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

export interface HookIntakeOptions {
  store: RelayStore;
  metrics: Metrics;
  limiter: RateLimiter;
  limit: { ratePerSec: number; burst: number };
  maxBodyBytes: number;
  /** Longest a callback waits for its answer: then 503, whatever the store is still doing. */
  answerWithinMs: number;
  log: () => FastifyBaseLogger;
  /** Where refused callbacks are counted (one line per interval, not one each). */
  refusals: RefusalLog;
  now: () => number;
  /** True once the relay is shutting down: new callbacks get 503, the PSP sends them again. */
  closing: () => boolean;
}

// `/pix` after the channel: the API Pix posts to `{webhookUrl}/pix` (docs/api-pix.md, Webhook).
const HOOK = /^\/hooks\/([^/?]+)(?:\/pix)?(?:\?.*)?$/;
/** Most bytes of an oversized body read (and dropped) before the connection is cut. */
const DISCARD_MAX = 1 << 20;

/**
 * `POST /hooks/{channel}`, the relay's hot path, on plain node:http ahead of Fastify: the body
 * is taken as the bytes received (the PSP's HMAC is over them, whatever their charset), stored,
 * and answered 200 only once durable. Without Fastify's per-request objects a callback costs
 * about half the CPU, which is what bounds the relay's rate (see the README's benchmarks).
 * Answers whether it took the request (anything else goes on to Fastify's routes).
 */
export function hookIntake(o: HookIntakeOptions) {
  const reply = (
    req: IncomingMessage,
    res: ServerResponse,
    t0: number,
    status: number,
    body: { code?: string; [k: string]: unknown },
    headers: Record<string, string> = {},
  ) => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
    const line = {
      req,
      res: { statusCode: status },
      responseTime: Math.round((performance.now() - t0) * 100) / 100,
    };
    if ((status >= 400 && status < 500) || body.code === 'UNAVAILABLE')
      o.refusals.add('hook', status, body.code ?? '');
    else if (status >= 500) o.log().error(line, 'request errored');
    else o.log().info(line, 'request completed');
  };
  const fail = (
    req: IncomingMessage,
    res: ServerResponse,
    t0: number,
    status: number,
    code: string,
    message: string,
    headers?: Record<string, string>,
  ) => reply(req, res, t0, status, { ok: false, code, message }, headers);

  /** One instance owns the store (SQLite): the channel looked up, the local bucket, the append. */
  async function appendLocal(id: string, e: Omit<StoredEvent, 'id'>): Promise<AppendOutcome> {
    const channel = await o.store.getChannel(id);
    if (!channel) return { refused: 'unknown_channel' };
    if (!o.limiter.take(channel.id)) return { refused: 'rate' };
    try {
      return { id: await o.store.append(channel.id, e) };
    } catch (err) {
      // Answered 503: not accepted, so not counted (the PSP's retry pays instead).
      o.limiter.refund(channel.id);
      throw err;
    }
  }

  async function store(
    req: IncomingMessage,
    res: ServerResponse,
    t0: number,
    rawId: string,
    body: Buffer,
  ) {
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      id = '';
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (!HOP_BY_HOP.has(k) && typeof v === 'string') headers[k] = v;
    const event = { receivedAt: o.now(), headers, body };
    const outcome: AppendOutcome = !id
      ? { refused: 'unknown_channel' }
      : o.store.appendChecked
        ? await o.store.appendChecked(id, event, o.limit)
        : await appendLocal(id, event);
    if ('refused' in outcome) {
      o.metrics.reject(outcome.refused);
      return outcome.refused === 'rate'
        ? fail(req, res, t0, 429, 'RATE_LIMITED', 'Too many callbacks for this channel', {
            'retry-after': '1',
          })
        : fail(req, res, t0, 404, 'NOT_FOUND', 'Unknown channel');
    }
    o.metrics.stored((performance.now() - t0) / 1000);
    reply(req, res, t0, 200, { ok: true, id: outcome.id });
  }

  let lastStoreError = -Infinity;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const m = req.method === 'POST' ? HOOK.exec(req.url ?? '') : null;
    if (!m) return false;
    const t0 = performance.now();
    if (o.closing()) {
      fail(req, res, t0, 503, 'UNAVAILABLE', 'Relay shutting down, try again', {
        connection: 'close',
      });
      return true;
    }
    // Over the limit: 413 at once, the rest of the body read and dropped (so the answer is not
    // lost to a reset connection), and the connection cut if it goes on past DISCARD_MAX.
    let size = 0;
    let over = false;
    const chunks: Buffer[] = [];
    const tooLarge = () => {
      over = true;
      chunks.length = 0;
      o.metrics.reject('too_large');
      fail(req, res, t0, 413, 'TOO_LARGE', `Body over ${o.maxBodyBytes} bytes`);
    };
    if (Number(req.headers['content-length'] ?? 0) > o.maxBodyBytes) tooLarge();
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Only a body refused already is cut (a maxBodyBytes above DISCARD_MAX is allowed).
      if (over && size > DISCARD_MAX) req.socket.destroy();
      else if (over) return;
      else if (size > o.maxBodyBytes) tooLarge();
      else chunks.push(c);
    });
    req.on('error', () => undefined);
    req.on('end', () => {
      if (over) return;
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      // A store call that hangs (seen once on etcd, a POST unanswered for 5 minutes after a
      // quorum came back) must not hold the PSP: 503 in time, and the PSP sends it again.
      const bound = setTimeout(() => {
        o.metrics.reject('store_unavailable');
        fail(req, res, t0, 503, 'UNAVAILABLE', 'Relay store too slow, try again', {
          'retry-after': '1',
        });
      }, o.answerWithinMs);
      store(req, res, t0, m[1]!, body)
        .finally(() => clearTimeout(bound))
        .catch((e: unknown) => {
          // Not held (store down, no quorum, too slow): 503, and the PSP sends it again. The
          // error is logged at most once per 10 s; the answers are counted with the refusals.
          const t = o.now();
          if (t - lastStoreError >= 10_000) {
            lastStoreError = t;
            o.log().error({ err: e }, 'storing a callback failed');
          }
          o.metrics.reject('store_unavailable');
          o.metrics.storeError('append');
          fail(req, res, t0, 503, 'UNAVAILABLE', 'Relay store unavailable, try again', {
            'retry-after': '1',
          });
        });
    });
    return true;
  };
}
