import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { isBearerFamily } from '../dialect';
import { HttpError } from '../errors';
import { parseBody } from '../validation';

const loginBody = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) });

/** A1: `{client_id, client_secret}` → `{access_token, token_type, expires_in}`. */
export function authRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.post('/auth/login', async (req, reply) => {
    // cics-pt has no login: its routes take ci/cs, and this one answers as a ci/cs route
    // without them (400, as a shop saw on "Testar conexão"; PSP-API.md, issue notes).
    if (ctx.dialect === 'cics-pt')
      throw new HttpError(400, 'MISSING_CREDENTIALS', 'Credenciais ausentes (ci/cs)');
    if (ctx.dialect === 'veopag') {
      // Its documented limit: 25 logins per 15 minutes per IP, then 429.
      const at = ctx.now();
      ctx.state.loginTimes = ctx.state.loginTimes.filter((t) => t > at - 15 * 60_000);
      if (ctx.state.loginTimes.length >= 25) {
        const retry = Math.ceil((ctx.state.loginTimes[0]! + 15 * 60_000 - at) / 1000);
        throw new HttpError(429, 'RATE_LIMITED', 'Too many login attempts, try again later', {
          'retry-after': String(Math.max(1, retry)),
        });
      }
      ctx.state.loginTimes.push(at);
    }
    const body = parseBody(loginBody, req.body);
    const account = ctx.state.accounts.get(body.client_id);
    if (!account || account.clientSecret !== body.client_secret) {
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'Invalid client credentials');
    }
    ctx.state.logins++;
    const token = await ctx.tokens.issue(account.clientId);
    // bearer-snake: `{success: true, token}` (its public clients read `token`).
    if (isBearerFamily(ctx.dialect)) return reply.send({ success: true, token });
    if (ctx.dialect === 'pagloop') return reply.send({ token, expires_in: ctx.tokens.ttlSeconds });
    return reply.send({
      access_token: token,
      token_type: 'Bearer',
      expires_in: ctx.tokens.ttlSeconds,
    });
  });
}
