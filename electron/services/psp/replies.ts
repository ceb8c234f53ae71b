import { z } from 'zod';
import {
  parseWireAmount,
  parseWireIn,
  type AmountUnit,
  type Cents,
} from '../../../shared/domain/money';
import { cryptoFeesSchema, type CryptoFees } from '../../../shared/domain/crypto-fees';
import { err, ok, type Result } from '../../../shared/result';
import { createReplySchema, statusQuerySchema } from '../../../shared/psp-settings';
import { badReply } from './errors';
import { firstPresent } from './paths';

/**
 * Reply readers: schemas that accept unknown fields and the variants of A1–A10. A reply that
 * breaks them is an error naming the field, never a crash.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function parseWith<T>(schema: z.ZodType<T>, body: unknown, sideEffect: boolean): Result<T> {
  const r = schema.safeParse(body);
  if (r.success) return ok(r.data);
  return badReply(r.error.issues[0]?.path.join('.') || '(body)', sideEffect);
}

export interface CreatedCharge {
  transactionId: string;
  status: string;
  qrcode: string;
  amountCents: Cents;
  /** The fee the PSP says it keeps, when the reply says it. */
  feeCents?: Cents;
  message?: string;
  /** The API Pix kind verified the amount in the signed payload at the code's location. */
  amountAtLocation?: true;
}

/** Where each value of the creation reply is, and its units (settings `psp.createReply`). */
export interface CreateReplyPaths {
  id: readonly string[];
  status: readonly string[];
  brcode: readonly string[];
  amount: readonly string[];
  fee?: readonly string[];
  amountUnit?: AmountUnit;
  feeUnit?: AmountUnit;
}
export const DEFAULT_CREATE_REPLY: CreateReplyPaths = createReplySchema.parse({});

/**
 * The seed's `{message, qrCodeResponse: {...}}` and the `cics-pt` family's
 * `{message, data: {transactionId, transactionState, copyPaste, transactionAmount}}`, or any
 * shape the settings describe. A missing value names the paths it looked at.
 */
export function readCreatedCharge(
  body: unknown,
  paths: CreateReplyPaths = DEFAULT_CREATE_REPLY,
): Result<CreatedCharge> {
  const id = firstPresent(body, paths.id);
  const status = firstPresent(body, paths.status);
  const brcode = firstPresent(body, paths.brcode);
  const amount = firstPresent(body, paths.amount);
  if (!id || (typeof id.value !== 'string' && typeof id.value !== 'number'))
    return badReply(paths.id.join(' | '), true);
  if (!status || typeof status.value !== 'string') return badReply(paths.status.join(' | '), true);
  if (!brcode || typeof brcode.value !== 'string') return badReply(paths.brcode.join(' | '), true);
  if (!amount) return badReply(paths.amount.join(' | '), true);
  const cents = parseWireIn(amount.value, paths.amountUnit ?? 'reais');
  if (!cents.ok) return badReply(amount.path, true);
  const fee = paths.fee?.length ? firstPresent(body, paths.fee) : undefined;
  const feeCents = fee ? parseWireIn(fee.value, paths.feeUnit ?? 'reais') : undefined;
  const message = isObj(body) && typeof body.message === 'string' ? body.message : undefined;
  return ok({
    transactionId: String(id.value),
    status: status.value,
    qrcode: brcode.value,
    amountCents: cents.value,
    ...(feeCents?.ok && { feeCents: feeCents.value }),
    ...(message !== undefined && { message }),
  });
}

/** A2: message, and an id and status at the top level or one level down. */
export interface WithdrawalReceipt {
  id?: string;
  status?: string;
  message?: string;
}

export function readWithdrawal(body: unknown): Result<WithdrawalReceipt> {
  if (!isObj(body)) return badReply('(body)', true);
  const levels = [body, ...Object.values(body).filter(isObj)];
  const find = (keys: string[]) => {
    for (const level of levels)
      for (const k of keys) {
        const v = level[k];
        if ((typeof v === 'string' && v) || typeof v === 'number') return String(v);
      }
    return undefined;
  };
  const id = find(['id', 'withdrawalId', 'withdrawal_id', 'transactionId', 'transaction_id']);
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
  if (!isObj(body)) return badReply('(body)', false);
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
  // The list at the root, under data/items/infractions/results, or one more level down
  // (`{data: {infractions: [...], pagination}}`, the cics-pt family).
  const holders = isObj(body) ? [body, ...(isObj(body.data) ? [body.data] : [])] : [];
  const list = Array.isArray(body)
    ? body
    : holders.flatMap((h) => [h.data, h.items, h.infractions, h.results]).find(Array.isArray);
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
  const meta =
    [
      isObj(body) && body.meta,
      isObj(body) && body.pagination,
      isObj(body) && isObj(body.data) && body.data.pagination,
    ].find(isObj) ?? {};
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

/** GET /crypto/fees: the shared shape, extra fields tolerated, a usable USDT rate. */
const feesReply = z.looseObject({
  ...cryptoFeesSchema.shape,
  usdt_rate: z.number().positive(),
  scope: z.unknown().optional(), // read leniently by feeScope
});
export type { CryptoFees };

/** Whether the fees are the account's own or the PSP's global ones, when the reply says so. */
function feeScope(src: Record<string, unknown>): 'user' | 'global' | undefined {
  const s = typeof src.scope === 'string' ? src.scope.toLowerCase() : undefined;
  if (s === 'user' || s === 'global') return s;
  const global = src.global ?? src.isGlobal ?? src.is_global;
  if (typeof global === 'boolean') return global ? 'global' : 'user';
  if (src.user_id !== undefined || src.userId !== undefined) return 'user';
  return undefined;
}

/**
 * cics-pt's `{data: {quote: {brlPerUSD, networkFee, fixedFeeUSDT}, fees: {platformFeePercentage,
 * networkFee}}}` in the calculator's five numbers. Assumptions (its material states no units):
 * fixed and network fees in USDT, converted at `brlPerUSD`; no limits given, so A11's bounds.
 */
const quoteFees = z.object({
  quote: z.looseObject({
    brlPerUSD: z.number().positive(),
    networkFee: z.number().min(0).optional(),
    fixedFeeUSDT: z.number().min(0).optional(),
  }),
  fees: z.looseObject({
    platformFeePercentage: z.number().min(0),
    networkFee: z.number().min(0).optional(),
  }),
});

function readQuoteFees(src: Obj): Result<CryptoFees> {
  const r = parseWith(quoteFees, src, false);
  if (!r.ok) return r;
  const { quote, fees } = r.value;
  const usdtFixed = (quote.fixedFeeUSDT ?? 0) + (fees.networkFee ?? quote.networkFee ?? 0);
  return ok({
    withdrawal_rate: fees.platformFeePercentage,
    rate_fixed: Math.round(usdtFixed * quote.brlPerUSD * 100) / 100,
    min_withdrawal: 0.01,
    max_withdrawal: 100_000,
    usdt_rate: quote.brlPerUSD,
  });
}

export function readCryptoFees(body: unknown): Result<CryptoFees> {
  const src = isObj(body) && isObj(body.data) ? body.data : body;
  if (isObj(src) && isObj(src.quote) && isObj(src.fees)) return readQuoteFees(src);
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

/** A10 and the presets: where the status query's reply carries each value. */
export interface StatusReplyPaths {
  status: readonly string[];
  amount: readonly string[];
  fee: readonly string[];
  id: readonly string[];
  brcode: readonly string[];
  notFound?: readonly string[];
}
export const DEFAULT_STATUS_REPLY: StatusReplyPaths = statusQuerySchema.parse({}).reply;

export interface TransactionStatus {
  status: string;
  transactionId?: string;
  amountCents?: Cents;
  feeCents?: Cents;
  /** Some PSPs (the sandbox among them) return the payload again: how an uncertain charge gets its QR back. */
  qrcode?: string;
  /** The code's amount was checked at its location (the API Pix's signed payload): see CreatedAnswer. */
  amountAtLocation?: true;
  /** A cobv: what its terms asked the day it was paid (a payment of exactly this is the charge paid). */
  dueCents?: Cents;
}

export function readTransactionStatus(
  body: unknown,
  paths: StatusReplyPaths = DEFAULT_STATUS_REPLY,
  units: { amountUnit?: AmountUnit; feeUnit?: AmountUnit } = {},
): Result<TransactionStatus> {
  const status = firstPresent(body, paths.status);
  if (!status && paths.notFound?.length && !firstPresent(body, paths.notFound)) {
    return err('not_found', 'PSP_NOT_FOUND', { field: paths.notFound.join(' | ') });
  }
  if (!status || typeof status.value !== 'string') return badReply(paths.status.join(' | '), false);
  const id = firstPresent(body, paths.id);
  const brcode = firstPresent(body, paths.brcode);
  const money = (p: readonly string[], unit: AmountUnit = 'reais') => {
    const v = firstPresent(body, p);
    if (!v || (typeof v.value !== 'number' && typeof v.value !== 'string')) return undefined;
    const c = parseWireIn(v.value, unit);
    return c.ok ? c.value : undefined;
  };
  const amountCents = money(paths.amount, units.amountUnit);
  const feeCents = money(paths.fee, units.feeUnit);
  return ok({
    status: status.value,
    ...(id &&
      (typeof id.value === 'string' || typeof id.value === 'number') && {
        transactionId: String(id.value),
      }),
    ...(amountCents !== undefined && { amountCents }),
    ...(feeCents !== undefined && { feeCents }),
    ...(brcode && typeof brcode.value === 'string' && { qrcode: brcode.value }),
  });
}
