import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { shortId } from './logging';
import type { RefusalLog } from './refusal-log';
import type { RelayStore } from './store';
import type { Subscribers } from './subscribers';
import { bearer, tokenMatches } from './tokens';

export interface EventStreamsDeps {
  store: RelayStore;
  subscribers: Subscribers;
  refusals: RefusalLog;
  maxSubscribersPerChannel: number;
  log: () => FastifyBaseLogger;
}

/**
 * `GET /channels/{id}/events`: a terminal's Server-Sent Events, resumed from Last-Event-ID.
 * A plain node:http handler (true when it took the request): a stream lives for hours, and
 * Fastify's per-request objects would live with it, several KiB per connected terminal.
 */
export function eventStreams(d: EventStreamsDeps) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const m = /^\/channels\/([^/?]+)\/events(?:\?.*)?$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !m) return false;
    const fail = (status: number, code: string, message: string) => {
      if (status < 500) d.refusals.add('events', status, code);
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
    const maxSubs = d.maxSubscribersPerChannel;
    d.store
      .getChannel(channelId)
      .then(async (channel) => {
        if (!channel || token === null || !tokenMatches(token, channel.tokenHash))
          return fail(401, 'UNAUTHORIZED', 'Channel token required');
        if (d.subscribers.count(channel.id) >= maxSubs)
          return fail(429, 'TOO_MANY_SUBSCRIBERS', `At most ${maxSubs} subscribers per channel`);
        // Resuming from an event the store no longer holds (purged by retention): events may be
        // missing in between, so the terminal is told (a `gap` event: it asks the PSP).
        const gap = cursor !== null && !(await d.store.holds(channel.id, cursor));
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
        d.log().info({ channel: short, lastEventId: cursor }, 'subscriber connected');
        d.subscribers.add(channel.id, res, cursor, () =>
          d.log().info({ channel: short }, 'subscriber left'),
        );
      })
      .catch((e: unknown) => {
        d.log().error({ err: e, channel: shortId(channelId) }, 'reading the store failed');
        if (res.headersSent) res.destroy();
        else fail(503, 'UNAVAILABLE', 'Relay store unavailable, try again');
      });
    return true;
  };
}
