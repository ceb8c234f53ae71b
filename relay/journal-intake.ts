import type { FastifyInstance } from 'fastify';
import { replyError } from './admin-routes';
import { shortId } from './logging';
import type { RelayStore } from './store';
import { bearer, tokenMatches } from './tokens';

export interface JournalIntakeDeps {
  store: RelayStore;
  now: () => number;
}

/** Largest sealed journal entry accepted: an entry is a few hundred bytes of JSON. */
export const MAX_ENTRY_BYTES = 16 * 1024;

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;
const ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Whether `b` looks like a sealed envelope or a pairing message; the relay reads nothing else. */
export function envelopeShapeOk(b: unknown): boolean {
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return false;
  const e = b as Record<string, unknown>;
  const str = (k: string, re: RegExp) => typeof e[k] === 'string' && re.test(e[k] as string);
  const int = (k: string) => Number.isSafeInteger(e[k]) && (e[k] as number) >= 0;
  if (e.type === 'join' || e.type === 'grant') return str('code', ID) && str('box', B64);
  return (
    e.v === 1 &&
    str('shop', ID) &&
    int('epoch') &&
    str('terminal', ID) &&
    int('seq') &&
    str('nonce', B64) &&
    str('ct', B64) &&
    str('sig', B64)
  );
}

/**
 * `POST /channels/{id}/entries`: a Balcão appends one sealed shop-journal entry to the shop
 * channel, with the channel's token (the shop token every paired Balcão holds, the same one it
 * reads the channel with). The relay checks only the token and the envelope's shape, stores the
 * bytes as received and answers 201 once durable; every reader reads them through the same SSE
 * stream as callbacks (`GET /channels/{id}/events`, Last-Event-ID). It can neither read nor forge
 * an entry: they are AES-256-GCM sealed and Ed25519 signed end to end (docs/journal.md).
 */
export function registerJournalIntake(app: FastifyInstance, d: JournalIntakeDeps): void {
  app.post<{ Params: { id: string } }>(
    '/channels/:id/entries',
    { bodyLimit: MAX_ENTRY_BYTES },
    async (req, reply) => {
      const token = bearer(req.headers.authorization);
      const channel = await d.store.getChannel(req.params.id);
      if (!channel || token === null || !tokenMatches(token, channel.tokenHash))
        return replyError(reply, 401, 'UNAUTHORIZED', 'Channel token required');
      if (!envelopeShapeOk(req.body))
        return replyError(reply, 400, 'BAD_ENTRY', 'Not a sealed journal entry');
      const body = Buffer.from(JSON.stringify(req.body), 'utf8');
      const id = await d.store.append(channel.id, {
        receivedAt: d.now(),
        headers: { 'content-type': 'application/json', 'x-balcao-journal': '1' },
        body,
      });
      req.log.info({ channel: shortId(channel.id) }, 'journal entry stored');
      return reply.code(201).send({ ok: true, id });
    },
  );
}
