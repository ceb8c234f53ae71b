import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { buildBrCode, crc16 } from '../../shared/domain/brcode';
import { toWireAmount } from '../../shared/domain/money';
import { requireBearer, requireClientHeaders, type SandboxContext } from '../context';
import { wireChargeStatus } from '../dialect';
import { HttpError } from '../errors';
import {
  cicsPtFee,
  depositFee,
  reportedAmount,
  type Account,
  type Charge,
  type ChargeKind,
  type ChargeRequest,
} from '../state';
import * as v from '../validation';

const depositBody = z.object({
  amount: v.amount,
  external_id: v.externalId,
  clientCallbackUrl: v.callbackUrl,
  payer: z.object({
    name: v.name,
    email: v.email,
    document: v.document(false),
    phone: v.phone,
  }),
  description: v.description,
});

const transactionBody = z.object({
  amount: v.amount,
  payerName: v.name,
  payerDocument: v.document(true),
  transactionId: v.externalId,
  projectWebhook: v.callbackUrl,
  description: v.description,
  splitUser: v.email.optional(),
  splitTax: z.number().gt(0, 'must be above 0').max(100, 'at most 100').optional(),
  gateway: z.string().max(64).optional(),
});

/** cics-pt's documented limit on the check route. */
export const CHECK_LIMIT_PER_MINUTE = 60;

export const MERCHANT = {
  key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  name: 'BALCAO SANDBOX',
  city: 'SAO PAULO',
};

/** Where a `badqr receiver` fault sends the money: a well-formed code to someone else. */
export const OTHER_MERCHANT = {
  key: 'golpista@example.com',
  name: 'OUTRA LOJA LTDA',
  city: 'CURITIBA',
};

/**
 * The BR Code of a charge, always to the same receiver (as a real PSP's codes name the shop's
 * account); the `badqr` fault corrupts its CRC or its amount tag, names another receiver
 * (`receiver`) or leaves the amount out (`noamount`, a static code the payer fills in).
 */
function qrFor(charge: Pick<Charge, 'amount' | 'transactionId'>, fault?: string | number): string {
  const amountCents = fault === 'amount' ? charge.amount + 100 : charge.amount;
  const to = fault === 'receiver' ? OTHER_MERCHANT : MERCHANT;
  const built = buildBrCode({
    key: to.key,
    merchantName: to.name,
    merchantCity: to.city,
    ...(fault !== 'noamount' && { amountCents }),
    txid: charge.transactionId.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
  });
  if (!built.ok) throw new Error(built.message);
  if (fault !== 'crc') return built.value;
  const body = built.value.slice(0, -4);
  const good = crc16(body);
  return body + (good === '0000' ? '0001' : '0000');
}

function createCharge(
  ctx: SandboxContext,
  req: FastifyRequest,
  account: Account,
  kind: ChargeKind,
  fields: ChargeRequest,
) {
  if (ctx.state.usedIds[kind].has(fields.externalId)) {
    const name = kind === 'deposit' ? 'external_id' : 'transactionId';
    throw new HttpError(409, 'DUPLICATE_ID', `${name} already used: ${fields.externalId}`);
  }
  const at = ctx.state.iso();
  const charge: Charge = {
    kind,
    ...fields,
    clientId: account.clientId,
    fee: ctx.dialect === 'cics-pt' ? cicsPtFee(fields.amount) : depositFee(fields.amount),
    status: 'PENDING',
    qrcode: '',
    createdAt: at,
    updatedAt: at,
  };
  charge.qrcode = qrFor(
    charge,
    req.fault?.kind === 'badqr' ? (req.fault.value ?? 'crc') : undefined,
  );
  ctx.state.usedIds[kind].add(fields.externalId);
  ctx.state.charges.set(charge.transactionId, charge);
  account.balance.pending += charge.amount;
  if (ctx.dialect === 'cics-pt' && kind === 'transaction') {
    // The cics-pt family's reply: its own numeric id, Portuguese status, `copyPaste`.
    return {
      message: 'Transação criada com sucesso',
      data: {
        transactionId: Number(charge.transactionId),
        transactionState: wireChargeStatus(ctx.dialect, charge.status),
        copyPaste: charge.qrcode,
        qrCodeBase64: '',
        qrcodeUrl: `https://sandbox.invalid/qr/${charge.transactionId}`,
        // Integer cents, as its integration document (`4.55` → `transactionAmount: 455`).
        transactionAmount: charge.amount,
        transactionFee: charge.fee,
      },
    };
  }
  return {
    message: 'Deposit created successfully',
    qrCodeResponse: {
      transactionId: charge.transactionId,
      status: wireChargeStatus(ctx.dialect, charge.status),
      qrcode: charge.qrcode,
      amount: toWireAmount(charge.amount),
    },
  };
}

export function chargeRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  onCreated: (c: Charge) => void,
) {
  app.post('/payments/deposit', async (req, reply) => {
    const account = await requireBearer(ctx, req);
    const body = v.parseBody(depositBody, req.body);
    if (ctx.dialect === 'veopag') {
      // A repeated external_id is not a 409: 200 with the same charge, flat, `idempotent: true`.
      const same = [...ctx.state.charges.values()].find(
        (c) =>
          c.kind === 'deposit' &&
          c.externalId === body.external_id &&
          c.clientId === account.clientId,
      );
      if (same) {
        return reply.code(200).send({
          message: 'Deposit already exists',
          idempotent: true,
          transaction_id: same.transactionId,
          external_id: same.externalId,
          qrcode: same.qrcode,
          status: wireChargeStatus(ctx.dialect, same.status),
          amount: toWireAmount(same.amount),
        });
      }
      if (body.amount < 500) throw v.badField('amount', 'minimum deposit is R$ 5,00');
    }
    const out = createCharge(ctx, req, account, 'deposit', {
      transactionId: ctx.state.newId(),
      externalId: body.external_id,
      amount: body.amount,
      callbackUrl: body.clientCallbackUrl,
      // Recorded as the PSP records who was charged (listed by the control API for tests).
      payerName: body.payer.name,
      payerDocument: body.payer.document,
      ...(body.description !== undefined && { description: body.description }),
    });
    onCreated(ctx.state.charges.get(String(out.qrCodeResponse!.transactionId))!);
    return reply.code(201).send(out);
  });

  app.post('/transactions/create', async (req, reply) => {
    const account = requireClientHeaders(ctx, req);
    const body = v.parseBody(transactionBody, req.body);
    if (body.splitUser !== undefined && body.splitTax === undefined)
      throw v.badField('splitTax', 'is required with splitUser');
    // cics-pt answers with an id of its own; the seed echoes the seller's.
    const pspId = ctx.dialect === 'cics-pt' ? ctx.state.newId() : body.transactionId;
    const out = createCharge(ctx, req, account, 'transaction', {
      transactionId: pspId,
      externalId: body.transactionId,
      amount: body.amount,
      callbackUrl: body.projectWebhook,
      payerName: body.payerName,
      payerDocument: body.payerDocument,
      ...(body.description !== undefined && { description: body.description }),
      ...(body.splitUser !== undefined && {
        split: { user: body.splitUser, tax: body.splitTax ?? 0 },
      }),
      ...(body.gateway !== undefined && { gateway: body.gateway }),
    });
    onCreated(ctx.state.charges.get(pspId)!);
    return reply.code(201).send(out);
  });

  /** cics-pt's status query: `POST /transactions/check {transactionId}`, 60 a minute per IP. */
  if (ctx.dialect === 'cics-pt') {
    app.post('/transactions/check', async (req, reply) => {
      const at = ctx.now();
      const recent = ctx.state.checks.filter((t) => t > at - 60_000 && t <= at);
      if (recent.length >= CHECK_LIMIT_PER_MINUTE) {
        ctx.state.checksLimited++;
        const retry = Math.max(1, Math.ceil((recent[0]! + 60_000 - at) / 1000));
        throw new HttpError(429, 'RATE_LIMITED', 'Limite de 60 consultas por minuto', {
          'retry-after': String(retry),
        });
      }
      ctx.state.checks.push(at);
      const account = requireClientHeaders(ctx, req);
      const { transactionId } = v.parseBody(
        z.object({ transactionId: z.union([z.number().int(), z.string().min(1)]) }),
        req.body,
      );
      const charge = ctx.state.charges.get(String(transactionId));
      if (!charge || charge.clientId !== account.clientId)
        throw new HttpError(404, 'NOT_FOUND', `Transação não encontrada: ${transactionId}`);
      return reply.send({
        message: 'Transação encontrada',
        transaction: {
          transactionId: Number(charge.transactionId),
          value: toWireAmount(charge.amount),
          fee: charge.status === 'PAID' ? toWireAmount(charge.fee) : 0,
          transactionState: wireChargeStatus(ctx.dialect, charge.status),
          transactionType: 'DEPOSITO',
          createdAt: charge.createdAt,
          updatedAt: charge.updatedAt,
        },
      });
    });
  }

  const ownCharge = (accountId: string, id: string) => {
    const c =
      ctx.state.charges.get(id) ?? [...ctx.state.charges.values()].find((x) => x.externalId === id);
    return c && c.clientId === accountId ? c : undefined;
  };
  if (ctx.dialect === 'veopag') {
    /** Behind the Bearer token; `{deposit: null}` when unknown. */
    app.get<{ Querystring: { external_id?: string; transaction_id?: string } }>(
      '/transactions/deposit',
      async (req, reply) => {
        const account = await requireBearer(ctx, req);
        ctx.state.checks.push(ctx.now()); // counted in /__sandbox/stats like cics-pt's
        const id = req.query.external_id ?? req.query.transaction_id ?? '';
        const c = id ? ownCharge(account.clientId, id) : undefined;
        return reply.send({
          deposit: c
            ? {
                transaction_id: c.transactionId,
                external_id: c.externalId,
                status: wireChargeStatus(ctx.dialect, c.status),
                amount: toWireAmount(reportedAmount(c)),
                fee: c.status === 'PAID' ? toWireAmount(c.fee) : 0,
              }
            : null,
        });
      },
    );
  }
  if (ctx.dialect === 'axenpay' || ctx.dialect === 'novaplex') {
    const path =
      ctx.dialect === 'axenpay' ? '/transactions/getStatusTransac/:id' : '/payments/deposit/:id';
    app.get<{ Params: { id: string } }>(path, async (req, reply) => {
      const account = await requireBearer(ctx, req);
      ctx.state.checks.push(ctx.now()); // counted in /__sandbox/stats like cics-pt's
      const c = ownCharge(account.clientId, req.params.id);
      if (!c) throw new HttpError(404, 'NOT_FOUND', `Transaction not found: ${req.params.id}`);
      return reply.send({ status: wireChargeStatus(ctx.dialect, c.status) });
    });
  }

  /** A10: the status query, by transactionId or by the seller's external id (seed dialect). */
  if (ctx.dialect !== 'seed') return;
  app.get<{ Params: { id: string } }>('/transactions/:id', async (req, reply) => {
    const account = requireClientHeaders(ctx, req);
    ctx.state.checks.push(ctx.now()); // counted in /__sandbox/stats like cics-pt's
    const id = req.params.id;
    const charge =
      ctx.state.charges.get(id) ?? [...ctx.state.charges.values()].find((c) => c.externalId === id);
    if (!charge || charge.clientId !== account.clientId) {
      throw new HttpError(404, 'NOT_FOUND', `Transaction not found: ${id}`);
    }
    return reply.send({
      transactionId: charge.transactionId,
      external_id: charge.externalId,
      status: charge.status,
      amount: toWireAmount(reportedAmount(charge)),
      qrcode: charge.qrcode,
      fee: charge.status === 'PAID' ? toWireAmount(charge.fee) : 0,
      createdAt: charge.createdAt,
      updatedAt: charge.updatedAt,
    });
  });
}
