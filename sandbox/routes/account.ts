import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toWireAmount } from '../../shared/domain/money';
import { PIX_KEY_TYPES, parsePixKey, type PixKeyType } from '../../shared/domain/pix-key';
import { requireBearer, requireClientHeaders, type SandboxContext } from '../context';
import { badRequest, HttpError } from '../errors';
import { infractionCallback, isBearerFamily } from '../dialect';
import {
  GLOBAL_CRYPTO_FEES,
  WITHDRAWAL_FEE,
  type Account,
  type Infraction,
  type Withdrawal,
} from '../state';
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

const snakeWithdrawBody = withdrawBody.omit({ pix_key_type: true }).extend({
  key_type: z.enum(PIX_KEY_TYPES),
  /** veopag: the receiver's CPF/CNPJ, required for EMAIL, PHONE and EVP keys. */
  taxId: z.string().optional(),
  name: z.string().max(100).optional(),
});

/** cics-pt's key-type vocabulary, mapped to A2's. */
const CICS_KEY_TYPES = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  EMAIL: 'EMAIL',
  TELEFONE: 'PHONE',
  CHAVE_ALEATORIA: 'EVP',
} as const;
const cicsWithdrawBody = z.object({
  amount: v.amount,
  pixKey: z.string().min(1).max(77),
  pixKeyType: z.enum(Object.keys(CICS_KEY_TYPES) as [keyof typeof CICS_KEY_TYPES]),
  description: v.description,
  projectWebhook: v.callbackUrl,
});

function createWithdrawal(
  ctx: SandboxContext,
  account: Account,
  i: {
    amount: number;
    externalId?: string;
    pixKey: string;
    pixKeyType: PixKeyType;
    keyField: string;
    callbackUrl: string;
  },
): Withdrawal {
  const key = parsePixKey(i.pixKeyType, i.pixKey);
  if (!key.ok) throw badRequest('INVALID_FIELD', `${i.keyField}: not a valid ${i.pixKeyType} key`);
  if (i.externalId !== undefined && ctx.state.usedIds.withdrawal.has(i.externalId)) {
    throw new HttpError(409, 'DUPLICATE_ID', `external_id already used: ${i.externalId}`);
  }
  if (account.balance.available < i.amount + WITHDRAWAL_FEE) {
    throw new HttpError(422, 'INSUFFICIENT_BALANCE', 'Insufficient available balance');
  }
  const id = ctx.state.newId();
  const w: Withdrawal = {
    id,
    externalId: i.externalId ?? id,
    clientId: account.clientId,
    amount: i.amount,
    fee: WITHDRAWAL_FEE,
    pixKey: key.value,
    pixKeyType: i.pixKeyType,
    status: 'PROCESSING',
    callbackUrl: i.callbackUrl,
    createdAt: ctx.state.iso(),
  };
  if (i.externalId !== undefined) ctx.state.usedIds.withdrawal.add(i.externalId);
  ctx.state.withdrawals.set(w.id, w);
  account.balance.available -= w.amount + w.fee;
  account.balance.blocked += w.amount + w.fee;
  ctx.onWithdrawal?.(w);
  return w;
}

/** The callback URL of the account's latest charge: where cics-pt's MED callbacks go. */
export function medCallbackTarget(ctx: SandboxContext, clientId: string, transactionId?: string) {
  const charges = [...ctx.state.charges.values()].filter((c) => c.clientId === clientId);
  const named = charges.find((c) => c.transactionId === transactionId);
  return named ?? charges.at(-1);
}

/** cics-pt: an infraction opened or changed is announced by an (unsigned) MED callback. */
export function sendInfractionCallback(ctx: SandboxContext, inf: Infraction): void {
  if (ctx.dialect !== 'cics-pt') return;
  const charge = medCallbackTarget(ctx, inf.clientId, inf.transactionId);
  if (!charge) return;
  ctx.callbacks.send(charge.callbackUrl, null, infractionCallback(inf, charge).body);
}

/** cics-pt: `rejeitado` (contest) or `aceito`, a justification, and 1 to 10 proofs. */
const cicsDefenseBody = z.object({
  analise: z.enum(['rejeitado', 'aceito']),
  justificativa: z.string().trim().min(10).max(2000),
  proofs: z
    .array(z.url({ protocol: /^https$/ }))
    .min(1, 'at least one proof')
    .max(10),
});

export function accountRoutes(app: FastifyInstance, ctx: SandboxContext) {
  /** A2: Bearer; the amount plus a flat fee is blocked until the withdrawal settles. */
  if (ctx.dialect === 'cics-pt') {
    app.post('/transactions/withdraw', async (req, reply) => {
      const account = requireClientHeaders(ctx, req);
      const body = v.parseBody(cicsWithdrawBody, req.body);
      const w = createWithdrawal(ctx, account, {
        amount: body.amount,
        pixKey: body.pixKey,
        pixKeyType: CICS_KEY_TYPES[body.pixKeyType],
        keyField: 'pixKey',
        callbackUrl: body.projectWebhook,
      });
      return reply.code(201).send({
        message: 'Saque enfileirado',
        data: { jobId: `job-${w.id}`, transactionId: Number(w.id), status: 'QUEUED' },
      });
    });
  } else {
    app.post('/withdrawals/withdraw', async (req, reply) => {
      const account = await requireBearer(ctx, req);
      const snake = isBearerFamily(ctx.dialect);
      const body = snake
        ? (() => {
            const b = v.parseBody(snakeWithdrawBody, req.body);
            if (ctx.dialect === 'veopag' && b.key_type !== 'CPF' && b.key_type !== 'CNPJ') {
              const digits = (b.taxId ?? '').replace(/\D/g, '');
              if (digits.length !== 11 && digits.length !== 14)
                throw v.badField('taxId', 'CPF/CNPJ do recebedor é obrigatório para esta chave');
            }
            return { ...b, pix_key_type: b.key_type };
          })()
        : v.parseBody(withdrawBody, req.body);
      const w = createWithdrawal(ctx, account, {
        amount: body.amount,
        externalId: body.external_id,
        pixKey: body.pix_key,
        pixKeyType: body.pix_key_type,
        keyField: 'pix_key',
        callbackUrl: body.clientCallbackUrl,
      });
      if (ctx.dialect === 'veopag') {
        return reply.code(201).send({
          message: 'Withdrawal requested',
          withdrawal: {
            transaction_id: w.id,
            status: w.status,
            amount: toWireAmount(w.amount),
            fee: toWireAmount(w.fee),
          },
        });
      }
      return reply.code(201).send({
        ...(snake && { success: true }),
        message: 'Withdrawal requested',
        data: {
          id: w.id,
          external_id: w.externalId,
          status: w.status,
          amount: toWireAmount(w.amount),
        },
      });
    });
  }

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
    if (ctx.dialect === 'cics-pt') {
      // ci/cs, and its `{quote, fees}` shape (PSP-API.md "More members"; units unstated).
      const account = requireClientHeaders(ctx, req);
      const f = account.cryptoFees ?? GLOBAL_CRYPTO_FEES;
      return reply.send({
        message: 'Cotação obtida com sucesso',
        data: {
          quote: {
            brlPerUSD: f.usdt_rate,
            networkFee: 0,
            fixedFeeUSDT: Math.round((f.rate_fixed / f.usdt_rate) * 1e6) / 1e6,
            timestamp: new Date().toISOString(),
          },
          fees: { platformFeePercentage: f.withdrawal_rate, networkFee: 0 },
        },
      });
    }
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
    const cics = ctx.dialect === 'cics-pt';
    if (cics && perPage > 10) throw badRequest('INVALID_FIELD', 'perPage: at most 10');
    const mine = ctx.state.infractions.filter((i) => i.clientId === account.clientId);
    const slice = mine.slice((page - 1) * perPage, page * perPage);
    const totalPages = Math.max(1, Math.ceil(mine.length / perPage));
    if (cics) {
      // `{data: {infractions: [...], pagination}}`, numeric ids, the transaction inline.
      return reply.send({
        data: {
          infractions: slice.map((i) => ({
            id: Number(i.infractionId),
            externalId: `MED-${i.infractionId}`,
            type: 'FRAUD',
            status: i.status,
            source: 'PAYER',
            endToEndId: `E${i.transactionId.replace(/-/g, '').slice(0, 31)}`,
            reportedBy: 'PAYER_PSP',
            reportDetails: i.reason,
            analysisResult: null,
            amount: i.amount,
            currency: 'BRL',
            createdAt: i.createdAt,
            transaction: { transactionId: i.transactionId, value: i.amount },
            defenseResponses: i.defense ? [i.defense] : [],
          })),
          pagination: { page, perPage, total: mine.length, totalPages },
        },
      });
    }
    const items = slice.map(({ clientId: _c, ...rest }) => rest);
    return reply.send({
      data: items,
      meta: {
        page,
        perPage,
        total: mine.length,
        totalPages,
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
      const body: { analise: string; justificativa: string; proofs: string[] } =
        ctx.dialect === 'cics-pt'
          ? v.parseBody(cicsDefenseBody, req.body)
          : v.parseBody(defenseBody, req.body);
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
      if (ctx.dialect === 'cics-pt') {
        sendInfractionCallback(ctx, inf);
        return reply.code(201).send({ message: 'Defesa registrada', id: Number(inf.infractionId) });
      }
      return reply.send({
        message: 'Defense received',
        infractionId: inf.infractionId,
        status: inf.status,
      });
    },
  );
}
