import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toWireAmount } from '../../shared/domain/money';
import type { SandboxContext } from '../context';
import { HttpError } from '../errors';
import { faultSchema } from '../faults';
import { forgePaidCallback, settleCharge, settleWithdrawal } from '../settlement';
import { sendInfractionCallback } from './account';
import { DEMO_ACCOUNT } from '../state';
import { isLoopbackIp, parseBody } from '../validation';

/** The control interface (PSP-API.md), outside /api and loopback only. */
export function controlRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  setAutopay: (ms: number) => void,
) {
  app.addHook('onRequest', async (req) => {
    if (!isLoopbackIp(req.ip))
      throw new HttpError(403, 'FORBIDDEN', 'Control interface is loopback only');
  });

  // By the PSP's id (as `GET /__sandbox/charges` lists it) or the seller's external id.
  const charge = (id: string) => {
    const c =
      ctx.state.charges.get(id) ?? [...ctx.state.charges.values()].find((x) => x.externalId === id);
    if (!c) throw new HttpError(404, 'NOT_FOUND', `Charge not found: ${id}`);
    return c;
  };
  const withdrawal = (id: string) => {
    const w = ctx.state.withdrawals.get(id);
    if (!w) throw new HttpError(404, 'NOT_FOUND', `Withdrawal not found: ${id}`);
    return w;
  };

  for (const [action, status] of [
    ['pay', 'PAID'],
    ['fail', 'FAILED'],
    ['expire', 'EXPIRED'],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/charges/:id/${action}`, async (req) => {
      const c = charge(req.params.id);
      if (action === 'pay') {
        // The payer may pay another amount than charged (in reais, as a payer types it).
        const { amount } = parseBody(
          z.object({ amount: z.number().positive().max(1e9).optional() }),
          req.body ?? {},
        );
        if (amount !== undefined) c.paidAmount = Math.round(amount * 100);
      }
      settleCharge(ctx, c, status);
      return { ok: true, transactionId: c.transactionId, status: c.status };
    });
  }
  // A forged "paid" callback for a charge nobody paid (tests: the app must never believe it).
  app.post<{ Params: { id: string } }>('/charges/:id/forge', async (req) => {
    const c = charge(req.params.id);
    forgePaidCallback(ctx, c);
    return { ok: true, transactionId: c.transactionId, status: c.status };
  });
  for (const [action, status] of [
    ['complete', 'COMPLETED'],
    ['fail', 'FAILED'],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/withdrawals/:id/${action}`, async (req) => {
      const w = withdrawal(req.params.id);
      settleWithdrawal(ctx, w, status);
      return { ok: true, id: w.id, status: w.status };
    });
  }

  app.post('/infractions', async (req, reply) => {
    const body = parseBody(
      z.object({
        clientId: z.string().default(DEMO_ACCOUNT.clientId),
        transactionId: z.string().optional(),
        amount: z.number().positive().optional(),
        reason: z.string().max(200).optional(),
      }),
      req.body ?? {},
    );
    if (!ctx.state.accounts.has(body.clientId))
      throw new HttpError(404, 'NOT_FOUND', 'Unknown client');
    const { clientId, ...fields } = body;
    const inf = ctx.state.addInfraction(clientId, fields);
    sendInfractionCallback(ctx, inf);
    return reply.code(201).send(inf);
  });

  app.post('/faults', async (req, reply) => {
    ctx.faults.add(parseBody(faultSchema, req.body));
    return reply.code(201).send({ ok: true });
  });
  app.delete('/faults', async () => {
    ctx.faults.clear();
    return { ok: true };
  });

  app.get('/callbacks', async () => ctx.callbacks.log);

  app.get('/charges', async () => [
    ...[...ctx.state.charges.values()].map((c) => ({
      kind: c.kind,
      id: c.transactionId,
      externalId: c.externalId,
      amount: toWireAmount(c.amount),
      status: c.status,
      callbackUrl: c.callbackUrl,
      ...(c.payerName !== undefined && { payerName: c.payerName }),
      ...(c.payerDocument !== undefined && { payerDocument: c.payerDocument }),
      ...(c.split && { splitUser: c.split.user, splitTax: c.split.tax }),
      ...(c.gateway && { gateway: c.gateway }),
    })),
    ...[...ctx.state.withdrawals.values()].map((w) => ({
      kind: 'withdrawal',
      id: w.id,
      externalId: w.externalId,
      amount: toWireAmount(w.amount),
      status: w.status,
    })),
  ]);

  app.post('/autopay', async (req) => {
    const { afterMs } = parseBody(
      z.object({ afterMs: z.number().int().min(0).max(3_600_000) }),
      req.body,
    );
    setAutopay(afterMs);
    return { ok: true, afterMs };
  });

  /** Not in PSP-API.md: counters tests use (logins), and the balances. */
  app.get('/stats', async () => ({
    dialect: ctx.dialect,
    logins: ctx.state.logins,
    checks: { total: ctx.state.checks.length, limited: ctx.state.checksLimited },
    faultsTaken: Object.fromEntries(ctx.faults.taken),
    balances: Object.fromEntries([...ctx.state.accounts].map(([id, a]) => [id, a.balance])),
  }));
}
