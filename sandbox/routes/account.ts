import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { toWireAmount } from '../../shared/domain/money';
import { PIX_KEY_TYPES, parsePixKey } from '../../shared/domain/pix-key';
import { requireBearer, requireClientHeaders, type SandboxContext } from '../context';
import { badRequest, HttpError } from '../errors';
import { GLOBAL_CRYPTO_FEES, WITHDRAWAL_FEE, type Withdrawal } from '../state';
import * as v from '../validation';

const withdrawBody = z.object({
  amount: v.amount,
  external_id: v.externalId,
  pix_key: z.string().min(1).max(77),
  pix_key_type: z.enum(PIX_KEY_TYPES),
  description: v.description,
  clientCallbackUrl: v.callbackUrl,
});

const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1))
    .default(1),
  perPage: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .default(10),
});

const defenseBody = z.object({
  analise: z.enum(['DISAGREED', 'AGREED']),
  justificativa: z.string().trim().min(10).max(2000),
  proofs: z
    .array(z.url({ protocol: /^https$/ }))
    .max(10)
    .default([]),
});

export function accountRoutes(app: FastifyInstance, ctx: SandboxContext) {
  /** A2: Bearer; the amount plus a flat fee is blocked until the withdrawal settles. */
  app.post('/withdrawals/withdraw', async (req, reply) => {
    const account = await requireBearer(ctx, req);
    const body = v.parseBody(withdrawBody, req.body);
    const key = parsePixKey(body.pix_key_type, body.pix_key);
    if (!key.ok) throw badRequest('INVALID_FIELD', `pix_key: not a valid ${body.pix_key_type} key`);
    if (ctx.state.usedIds.withdrawal.has(body.external_id)) {
      throw new HttpError(409, 'DUPLICATE_ID', `external_id already used: ${body.external_id}`);
    }
    if (account.balance.available < body.amount + WITHDRAWAL_FEE) {
      throw new HttpError(422, 'INSUFFICIENT_BALANCE', 'Insufficient available balance');
    }
    const w: Withdrawal = {
      id: randomUUID(),
      externalId: body.external_id,
      clientId: account.clientId,
      amount: body.amount,
      fee: WITHDRAWAL_FEE,
      pixKey: key.value,
      pixKeyType: body.pix_key_type,
      status: 'PROCESSING',
      callbackUrl: body.clientCallbackUrl,
      createdAt: ctx.state.iso(),
    };
    ctx.state.usedIds.withdrawal.add(w.externalId);
    ctx.state.withdrawals.set(w.id, w);
    account.balance.available -= w.amount + w.fee;
    account.balance.blocked += w.amount + w.fee;
    return reply.code(201).send({
      message: 'Withdrawal requested',
      data: {
        id: w.id,
        external_id: w.externalId,
        status: w.status,
        amount: toWireAmount(w.amount),
      },
    });
  });

  /** A3: reais at the top level. */
  app.get('/users/balance', async (req, reply) => {
    const { balance: b } = requireClientHeaders(ctx, req);
    return reply.send({
      available: toWireAmount(b.available),
      pending: toWireAmount(b.pending),
      blocked: toWireAmount(b.blocked),
      balance: toWireAmount(b.available + b.blocked),
      currency: 'BRL',
    });
  });

  app.get('/crypto/fees', async (req, reply) => {
    const account = await requireBearer(ctx, req);
    return reply.send(account.cryptoFees ?? GLOBAL_CRYPTO_FEES);
  });

  /** A4: `{data: [...], meta: {page, perPage, total, totalPages}}`. */
  app.get('/meds/infractions/list', async (req, reply) => {
    const account = requireClientHeaders(ctx, req);
    const parsed = pageQuery.safeParse(req.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest('INVALID_FIELD', `${issue.path.join('.')}: ${issue.message}`);
    }
    const { page, perPage } = parsed.data;
    const mine = ctx.state.infractions.filter((i) => i.clientId === account.clientId);
    const items = mine
      .slice((page - 1) * perPage, page * perPage)
      .map(({ clientId: _c, ...rest }) => rest);
    return reply.send({
      data: items,
      meta: {
        page,
        perPage,
        total: mine.length,
        totalPages: Math.max(1, Math.ceil(mine.length / perPage)),
      },
    });
  });

  /** A5: only a WAITING_PSP infraction can be defended, once. */
  app.post<{ Params: { infractionId: string } }>(
    '/meds/infractions/:infractionId/defense',
    async (req, reply) => {
      const account = requireClientHeaders(ctx, req);
      const inf = ctx.state.infractions.find(
        (i) => i.infractionId === req.params.infractionId && i.clientId === account.clientId,
      );
      if (!inf)
        throw new HttpError(404, 'NOT_FOUND', `Infraction not found: ${req.params.infractionId}`);
      const body = v.parseBody(defenseBody, req.body);
      if (inf.status !== 'WAITING_PSP') {
        throw new HttpError(
          409,
          'NOT_DEFENSIBLE',
          `Infraction is ${inf.status}; only WAITING_PSP can be defended`,
        );
      }
      if (inf.defense)
        throw new HttpError(409, 'DEFENSE_ALREADY_SENT', 'A defense was already sent');
      inf.defense = { ...body, sentAt: ctx.state.iso() };
      return reply.send({
        message: 'Defense received',
        infractionId: inf.infractionId,
        status: inf.status,
      });
    },
  );
}
