import type { FastifyInstance, FastifyReply } from 'fastify';
import { shortId } from './logging';
import type { RelayStore } from './store';
import type { Subscribers } from './subscribers';
import { bearer, hashToken, newChannelId, newToken, tokenMatches } from './tokens';

export type ReplyError = (
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
) => unknown;

/** A JSON error as every relay route answers it. */
export const replyError: ReplyError = (reply, status, code, message) =>
  reply.code(status).send({ ok: false, code, message });

/** Whether an Authorization header carries the admin token (compared in constant time). */
export const adminCheck = (adminToken: string) => {
  const hash = hashToken(adminToken);
  return (header: string | undefined) => {
    const t = bearer(header);
    return t !== null && tokenMatches(t, hash);
  };
};

export interface AdminRoutesDeps {
  store: RelayStore;
  subscribers: Subscribers;
  isAdmin: (header: string | undefined) => boolean;
  /** The public base URL (for the hookUrl handed to the PSP). */
  base: () => string;
  now: () => number;
}

/** The operator's routes: create, rotate, list and delete channels (admin token). */
export function registerAdminRoutes(app: FastifyInstance, d: AdminRoutesDeps): void {
  const denied = (header: string | undefined, reply: FastifyReply) =>
    d.isAdmin(header) ? null : replyError(reply, 401, 'UNAUTHORIZED', 'Admin token required');

  app.post('/admin/channels', async (req, reply) => {
    const no = denied(req.headers.authorization, reply);
    if (no) return no;
    const channelId = newChannelId();
    const token = newToken();
    await d.store.createChannel({ id: channelId, tokenHash: hashToken(token), createdAt: d.now() });
    req.log.info({ channel: shortId(channelId) }, 'channel created');
    return reply.code(201).send({ channelId, token, hookUrl: `${d.base()}/hooks/${channelId}` });
  });
  app.post<{ Params: { id: string } }>('/admin/channels/:id/rotate', async (req, reply) => {
    const no = denied(req.headers.authorization, reply);
    if (no) return no;
    const token = newToken();
    if (!(await d.store.setTokenHash(req.params.id, hashToken(token))))
      return replyError(reply, 404, 'NOT_FOUND', 'Unknown channel');
    req.log.info({ channel: shortId(req.params.id) }, 'channel token rotated');
    return reply.send({ channelId: req.params.id, token });
  });
  // The channels, for an operator: id prefix only (an id is half of a hook's address), when
  // made, when last called back, and how many terminals read it through this instance.
  app.get('/admin/channels', async (req, reply) => {
    const no = denied(req.headers.authorization, reply);
    if (no) return no;
    const list = await d.store.listChannels();
    return reply.send({
      channels: list.map((c) => ({
        idPrefix: shortId(c.id),
        createdAt: new Date(c.createdAt).toISOString(),
        lastEventAt: c.lastEventAt === null ? null : new Date(c.lastEventAt).toISOString(),
        subscribersHere: d.subscribers.count(c.id),
      })),
    });
  });
  app.delete<{ Params: { id: string } }>('/admin/channels/:id', async (req, reply) => {
    const no = denied(req.headers.authorization, reply);
    if (no) return no;
    if (!(await d.store.deleteChannel(req.params.id)))
      return replyError(reply, 404, 'NOT_FOUND', 'Unknown channel');
    req.log.info({ channel: shortId(req.params.id) }, 'channel deleted');
    return reply.send({ ok: true });
  });
}
