import { z } from 'zod';
import { parseWireAmount, type Cents } from '../../../shared/domain/money';
import { ok, type Result } from '../../../shared/result';
import { badReply } from './errors';

/**
 * Reply readers: schemas that accept unknown fields and the variants of A1–A10. A reply that
 * breaks them is an error naming the field, never a crash.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function parseWith<T>(schema: z.ZodType<T>, body: unknown, sideEffect: boolean): Result<T> {
  const r = schema.safeParse(body);
  if (r.success) return ok(r.data);
  return badReply(r.error.issues[0]?.path.join('.') || '(corpo)', sideEffect);
}

const wireCents = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const r = parseWireAmount(v);
  if (r.ok) return r.value;
  ctx.addIssue({ code: 'custom', message: r.code });
  return z.NEVER;
});

const depositReply = z.looseObject({
  message: z.string().optional(),
  qrCodeResponse: z.looseObject({
    transactionId: z.union([z.string().min(1), z.number()]).transform(String),
    status: z.string().min(1),
    qrcode: z.string().min(1),
    amount: wireCents,
  }),
});

export interface CreatedCharge {
  transactionId: string;
  status: string;
  qrcode: string;
  amountCents: Cents;
  message?: string;
}

export function readCreatedCharge(body: unknown): Result<CreatedCharge> {
  const r = parseWith(depositReply, body, true);
  if (!r.ok) return r;
  const q = r.value.qrCodeResponse;
  return ok({
    transactionId: q.transactionId,
    status: q.status,
    qrcode: q.qrcode,
    amountCents: q.amount,
    ...(r.value.message !== undefined && { message: r.value.message }),
  });
}

/** A2: message, and an id and status at the top level or one level down. */
export interface WithdrawalReceipt {
  id?: string;
  status?: string;
  message?: string;
}

export function readWithdrawal(body: unknown): Result<WithdrawalReceipt> {
  if (!isObj(body)) return badReply('(corpo)', true);
  const levels = [body, ...Object.values(body).filter(isObj)];
  const find = (keys: string[]) => {
    for (const level of levels)
      for (const k of keys) {
        const v = level[k];
        if ((typeof v === 'string' && v) || typeof v === 'number') return String(v);
      }
    return undefined;
  };
  const id = find(['id', 'withdrawalId', 'withdrawal_id', 'transactionId']);
  const status = find(['status']);
  const message = typeof body.message === 'string' ? body.message : undefined;
  return ok({ ...(id && { id }), ...(status && { status }), ...(message && { message }) });
}

/** A3: numbers at the top level or under data/balance; the known keys first, else every number. */
export interface BalanceField {
  key: string;
  cents: Cents;
}
const BALANCE_KEYS = ['available', 'balance', 'blocked', 'pending'];

export function readBalance(body: unknown): Result<BalanceField[]> {
  if (!isObj(body)) return badReply('(corpo)', false);
  const source = [body.data, body.balance, body].find(
    (v): v is Obj => isObj(v) && Object.values(v).some((x) => typeof x === 'number'),
  );
  if (!source) return badReply('balance', false);
  const numeric = Object.entries(source).filter(([, v]) => typeof v === 'number') as [
    string,
    number,
  ][];
  const known = numeric.filter(([k]) => BALANCE_KEYS.includes(k));
  const rank = (k: string) =>
    BALANCE_KEYS.includes(k) ? BALANCE_KEYS.indexOf(k) : BALANCE_KEYS.length;
  const chosen = (known.length ? known : numeric).sort(([a], [b]) => rank(a) - rank(b));
  const fields: BalanceField[] = [];
  for (const [key, value] of chosen) {
    const c = parseWireAmount(value, { allowNegative: true });
    if (!c.ok) return badReply(key, false);
    fields.push({ key, cents: c.value });
  }
  return ok(fields);
}

/** A4: the list at the root or under data/items/infractions/results; pages from meta or fullness. */
export interface InfractionItem {
  infractionId: string;
  status: string;
  fields: Record<string, unknown>;
}
export interface InfractionPage {
  items: InfractionItem[];
  page: number;
  totalPages?: number;
  hasNext: boolean;
}

export function readInfractions(
  body: unknown,
  page: number,
  perPage: number,
): Result<InfractionPage> {
  const list = Array.isArray(body)
    ? body
    : isObj(body)
      ? [body.data, body.items, body.infractions, body.results].find(Array.isArray)
      : undefined;
  if (!list) return badReply('data', false);
  const items: InfractionItem[] = [];
  for (const [i, raw] of list.entries()) {
    if (!isObj(raw)) return badReply(`data.${i}`, false);
    const { infractionId, id, status, ...fields } = raw;
    const key = infractionId ?? id;
    if ((typeof key !== 'string' && typeof key !== 'number') || typeof status !== 'string') {
      return badReply(`data.${i}.${typeof status !== 'string' ? 'status' : 'infractionId'}`, false);
    }
    items.push({ infractionId: String(key), status, fields });
  }
  const meta = isObj(body) && isObj(body.meta) ? body.meta : {};
  const top = isObj(body) ? body : {};
  const totalPages = [
    top.totalPages,
    top.lastPage,
    meta.totalPages,
    meta.lastPage,
    meta.last_page,
    meta.total_pages,
  ].find((v): v is number => typeof v === 'number' && v >= 0);
  return ok({
    items,
    page,
    ...(totalPages !== undefined && { totalPages }),
    hasNext: totalPages !== undefined ? page < totalPages : items.length === perPage,
  });
}

/** The five numbers of GET /crypto/fees (units unstated by the PSP: A16). */
const feesReply = z.looseObject({
  withdrawal_rate: z.number(),
  rate_fixed: z.number(),
  min_withdrawal: z.number(),
  max_withdrawal: z.number(),
  usdt_rate: z.number().positive(),
});
export type CryptoFees = Pick<
  z.infer<typeof feesReply>,
  'withdrawal_rate' | 'rate_fixed' | 'min_withdrawal' | 'max_withdrawal' | 'usdt_rate'
> & { scope?: 'user' | 'global' };

/** Whether the fees are the account's own or the PSP's global ones, when the reply says so. */
function feeScope(src: Record<string, unknown>): 'user' | 'global' | undefined {
  const s = typeof src.scope === 'string' ? src.scope.toLowerCase() : undefined;
  if (s === 'user' || s === 'global') return s;
  const global = src.global ?? src.isGlobal ?? src.is_global;
  if (typeof global === 'boolean') return global ? 'global' : 'user';
  if (src.user_id !== undefined || src.userId !== undefined) return 'user';
  return undefined;
}

export function readCryptoFees(body: unknown): Result<CryptoFees> {
  const src = isObj(body) && isObj(body.data) ? body.data : body;
  const r = parseWith(feesReply, src, false);
  if (!r.ok) return r;
  const { withdrawal_rate, rate_fixed, min_withdrawal, max_withdrawal, usdt_rate } = r.value;
  const scope = feeScope(r.value);
  return ok({
    withdrawal_rate,
    rate_fixed,
    min_withdrawal,
    max_withdrawal,
    usdt_rate,
    ...(scope && { scope }),
  });
}

/** A10: `{transactionId, status, amount, ...}`, possibly under data. */
const statusReply = z.looseObject({
  status: z.string().min(1),
  transactionId: z.union([z.string(), z.number()]).transform(String).optional(),
  amount: wireCents.optional(),
  qrcode: z.string().min(1).optional(),
});
export interface TransactionStatus {
  status: string;
  transactionId?: string;
  amountCents?: Cents;
  /** Some PSPs (the sandbox among them) return the payload again: how an uncertain charge gets its QR back. */
  qrcode?: string;
}

export function readTransactionStatus(body: unknown): Result<TransactionStatus> {
  const src = isObj(body) && isObj(body.data) ? body.data : body;
  const r = parseWith(statusReply, src, false);
  if (!r.ok) return r;
  return ok({
    status: r.value.status,
    ...(r.value.transactionId !== undefined && { transactionId: r.value.transactionId }),
    ...(r.value.amount !== undefined && { amountCents: r.value.amount }),
    ...(r.value.qrcode !== undefined && { qrcode: r.value.qrcode }),
  });
}
