import type { FastifyRequest } from 'fastify';
import type { CallbackSender } from './callbacks';
import type { DialectId } from './dialect';
import { HttpError } from './errors';
import type { Fault, FaultTable } from './faults';
import type { TokenIssuer } from './jwt';
import type { Account, SandboxState, Withdrawal } from './state';

/** What every route needs; plain objects, so tests can reach into them. */
export interface SandboxContext {
  state: SandboxState;
  tokens: TokenIssuer;
  callbacks: CallbackSender;
  faults: FaultTable;
  now: () => number;
  dialect: DialectId;
  /** A withdrawal was accepted (PROCESSING): DEMO mode settles it by itself (server.ts). */
  onWithdrawal?: (w: Withdrawal) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    fault?: Fault;
  }
}

const unauthorized = (code: string, message: string) => new HttpError(401, code, message);

/** `Authorization: Bearer <JWT from /auth/login>`. */
export async function requireBearer(ctx: SandboxContext, req: FastifyRequest): Promise<Account> {
  const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
  if (!m) throw unauthorized('UNAUTHORIZED', 'Missing Bearer token');
  const v = await ctx.tokens.verify(m[1]!);
  if ('error' in v) {
    throw v.error === 'expired'
      ? unauthorized('TOKEN_EXPIRED', 'Token expired')
      : unauthorized('UNAUTHORIZED', 'Invalid token');
  }
  const account = ctx.state.accounts.get(v.clientId);
  if (!account) throw unauthorized('UNAUTHORIZED', 'Invalid token');
  return account;
}

/** Headers `ci` (client id) and `cs` (client secret). */
export function requireClientHeaders(ctx: SandboxContext, req: FastifyRequest): Account {
  const ci = req.headers.ci;
  const cs = req.headers.cs;
  if (typeof ci !== 'string' || typeof cs !== 'string' || !ci || !cs) {
    throw unauthorized('UNAUTHORIZED', 'Missing ci/cs headers');
  }
  const account = ctx.state.accounts.get(ci);
  if (!account || account.clientSecret !== cs)
    throw unauthorized('UNAUTHORIZED', 'Invalid client credentials');
  return account;
}
