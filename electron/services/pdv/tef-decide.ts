import type { Fields } from './intpos';
import {
  approvedAnswer,
  cancelAnswer,
  DENIAL,
  deniedAnswer,
  type DenialCode,
  type Echo,
} from './tef-answers';

/**
 * The TEF Dial exchange's decisions, pure: (what is known + an event) → (records to save +
 * effects). The watcher (tef-exchange.ts) reads files, loads records, runs these and carries out
 * the effects. Rules and their sources: docs/pdv-integration.md.
 */

export type ExchangeState =
  /** CRT accepted; its charge is being created. */
  | 'creating'
  /** The charge is on the Caixa, waiting for its end (no time limit: GP §4.1). */
  | 'waiting'
  /** Approved answer given; waiting for CNF/NCN. */
  | 'answered'
  | 'confirmed'
  /** NCN, CNC, or never confirmed: the money is due back (refundReason). */
  | 'undone'
  /** A denial was answered (final). */
  | 'denied'
  /** A CNC that was answered. */
  | 'done';

export type RefundReason =
  'NCN' | 'CNC' | 'NOT_CONFIRMED' | 'PAID_AFTER_DENIAL' | 'AMOUNT_MISMATCH';

export interface Exchange {
  id: string;
  command: string;
  identifier: string;
  document?: string;
  amountCents?: number;
  /** The request's sale fields (requestPrint): a rewrite has the same; a reused identifier may not. */
  request?: string;
  state: ExchangeState;
  chargeId?: string;
  /** The sale's NSU (`012-000`), given when it is approved. */
  nsu?: string;
  /** The answer file's text, once decided; `answerWritten` once it was renamed into place. */
  answer?: string;
  answerWritten: boolean;
  /** What the operator was told (`030-000`), or why it is still open. */
  message: string;
  refundReason?: RefundReason;
  answeredAt?: number;
  createdAt: number;
  updatedAt: number;
}

export interface Request {
  command: string;
  identifier: string;
  fields: Fields;
}

/** A charge as the exchange needs it. */
export interface ChargeEnd {
  id: string;
  status: string;
  amountCents: number;
  externalId: string;
  pspTransactionId?: string;
  endToEndId?: string;
  flags: readonly string[];
  updatedAt: number;
  /** A DEMO charge: the PDV's receipt says it proves no payment. */
  demo?: boolean;
}

export interface Context {
  at: number;
  /** Exchanges not final (creating, waiting, answered) plus recent ones, newest last. */
  recent: readonly Exchange[];
  maxAmountCents: number;
  /** A charge of the cashier's own is on screen: the Caixa is busy. */
  cashierBusy: boolean;
  /** The next NSU, if this decision approves something. */
  nextNsu: string;
  newId: () => string;
  shopName: string;
  terminalName: string;
  /** Who rang a charge (issue 36), for the receipt lines; none without operators. */
  operatorOf?: (chargeId: string) => string | undefined;
}

export type Effect =
  | { type: 'status'; command: string; identifier: string }
  | { type: 'save'; exchange: Exchange }
  /** Write `exchange.answer` to `resp/IntPos.001`, then mark it written. */
  | { type: 'answer'; exchange: Exchange }
  | { type: 'createCharge'; exchange: Exchange; amountCents: number; description: string }
  | { type: 'refundDue'; exchange: Exchange; reason: RefundReason }
  | { type: 'nsuUsed' };

const FINAL_CHARGE = new Set([
  'PAID',
  'PAID_DIFFERENT_AMOUNT',
  'CANCELED',
  'EXPIRED',
  'FAILED',
  'REFUNDED',
]);
export const isFinalCharge = (status: string) => FINAL_CHARGE.has(status);

/** The PDV rewrote a request it already sent (same command and identifier) within a day. */
const SAME_REQUEST_MS = 24 * 3_600_000;

/**
 * What makes two requests the same operation: the fields naming the sale and its money (document,
 * amount, currency, original NSU). A PDV's identity fields (7xx) may differ in a rewrite.
 */
const SALE_FIELDS = ['002-000', '003-000', '004-000', '012-000'] as const;
export const requestPrint = (fields: Fields): string =>
  SALE_FIELDS.map((k) => `${k}=${fields.get(k) ?? ''}`).join('\n');

const echoOf = (e: Pick<Exchange, 'command' | 'identifier' | 'document'>): Echo => ({
  command: e.command,
  identifier: e.identifier,
  ...(e.document && { document: e.document }),
});

/** What every exchange a request opens starts with: who asked, what, and when; no answer out yet. */
function opened(ctx: Context, r: Request) {
  const document = r.fields.get('002-000') || undefined;
  return {
    id: ctx.newId(),
    command: r.command,
    identifier: r.identifier,
    ...(document && { document }),
    request: requestPrint(r.fields),
    answerWritten: false,
    createdAt: ctx.at,
    updatedAt: ctx.at,
  };
}

function deny(
  ctx: Context,
  r: Request,
  code: DenialCode,
  message: string,
  amountCents?: number,
): Effect[] {
  const base = opened(ctx, r);
  const exchange: Exchange = {
    ...base,
    ...(amountCents !== undefined && { amountCents }),
    state: 'denied',
    answer: deniedAnswer(echoOf(base), code, message, amountCents),
    message,
  };
  return [
    { type: 'save', exchange },
    { type: 'answer', exchange },
  ];
}

/** Which sale a CNF/NCN names: control code or NSU when given, else identifier, else the last. */
export function target(
  recent: readonly Exchange[],
  fields: Fields,
  states: readonly ExchangeState[],
): Exchange | undefined {
  const sales = recent.filter((e) => e.command === 'CRT' && states.includes(e.state));
  const control = fields.get('027-000');
  const nsu = fields.get('012-000');
  const id = fields.get('001-000');
  // A CNF/NCN that names a transaction (ACBr sends the answer's 027-000 and 012-000) concerns that
  // one only: the CNF of a CNC's answer, or of an older sale, never confirms or undoes another.
  if (control || nsu)
    return (
      (control && sales.find((e) => e.answer?.includes(`027-000 = ${control}\r\n`))) ||
      (nsu && sales.find((e) => e.nsu === nsu)) ||
      undefined
    );
  return (id && sales.findLast((e) => e.identifier === id)) || sales.at(-1);
}

function settleUnconfirmed(e: Exchange, at: number, reason: RefundReason): Effect[] {
  const next: Exchange = {
    ...e,
    state: 'undone',
    refundReason: reason,
    updatedAt: at,
  };
  return [
    { type: 'save', exchange: next },
    { type: 'refundDue', exchange: next, reason },
  ];
}

/** A complete request file. */
export function onRequest(ctx: Context, r: Request): Effect[] {
  const status: Effect = { type: 'status', command: r.command, identifier: r.identifier };
  // The same request again: never processed twice; its status and known answer written again.
  const same = ctx.recent.findLast(
    (e) =>
      e.command === r.command &&
      e.identifier === r.identifier &&
      (e.request === undefined || e.request === requestPrint(r.fields)) &&
      ctx.at - e.createdAt < SAME_REQUEST_MS,
  );
  if (same && (r.command === 'CRT' || r.command === 'CNC')) {
    return [
      status,
      ...(same.answer && same.answerWritten ? [{ type: 'answer', exchange: same } as Effect] : []),
    ];
  }
  switch (r.command) {
    case 'ATV':
      return [status];
    case 'CRT':
      return [status, ...onSale(ctx, r)];
    case 'CNF': {
      const t = target(ctx.recent, r.fields, ['answered']);
      if (!t) return [status];
      return [
        status,
        { type: 'save', exchange: { ...t, state: 'confirmed', message: 'CNF', updatedAt: ctx.at } },
      ];
    }
    case 'NCN': {
      const t = target(ctx.recent, r.fields, ['answered']);
      return t ? [status, ...settleUnconfirmed(t, ctx.at, 'NCN')] : [status];
    }
    case 'CNC':
      return [status, ...onCancel(ctx, r)];
    default:
      // ADM, CDP and anything unknown: answered, never left waiting.
      return [status, ...deny(ctx, r, DENIAL.unsupported, 'OPERACAO NAO SUPORTADA PELO PIX')];
  }
}

function onSale(ctx: Context, r: Request): Effect[] {
  const text = r.fields.get('003-000') ?? '';
  if (!/^\d{1,12}$/.test(text)) return deny(ctx, r, DENIAL.refused, 'VALOR INVALIDO');
  const amountCents = Number(text);
  if (amountCents <= 0) return deny(ctx, r, DENIAL.refused, 'VALOR ZERO', amountCents);
  if (amountCents > ctx.maxAmountCents)
    return deny(ctx, r, DENIAL.refused, 'VALOR ACIMA DO LIMITE DO PIX', amountCents);
  const currency = r.fields.get('004-000');
  if (currency !== undefined && currency !== '0')
    return deny(ctx, r, DENIAL.refused, 'MOEDA NAO SUPORTADA', amountCents);
  const effects: Effect[] = [];
  // An approved sale never confirmed is settled as undone when the next sale starts (docs).
  for (const e of ctx.recent)
    if (e.command === 'CRT' && e.state === 'answered')
      effects.push(...settleUnconfirmed(e, ctx.at, 'NOT_CONFIRMED'));
  const busy = ctx.recent.some(
    (e) => e.command === 'CRT' && (e.state === 'creating' || e.state === 'waiting'),
  );
  if (busy)
    return [...effects, ...deny(ctx, r, DENIAL.refused, 'OUTRA VENDA EM ANDAMENTO', amountCents)];
  if (ctx.cashierBusy)
    return [
      ...effects,
      ...deny(ctx, r, DENIAL.refused, 'CAIXA OCUPADO: COBRANCA NA TELA', amountCents),
    ];
  const exchange: Exchange = { ...opened(ctx, r), amountCents, state: 'creating', message: '' };
  return [
    ...effects,
    { type: 'save', exchange },
    {
      type: 'createCharge',
      exchange,
      amountCents,
      description: saleReference(exchange),
    },
  ];
}

/** The sale's reference, kept as the charge's description (Histórico, receipt, CSV show it). */
export function saleReference(e: Pick<Exchange, 'identifier' | 'document'>): string {
  return `PDV ${e.identifier}${e.document ? ` doc ${e.document}` : ''}`;
}

function onCancel(ctx: Context, r: Request): Effect[] {
  const nsu = r.fields.get('012-000');
  const sale = nsu
    ? ctx.recent.find(
        (e) =>
          e.command === 'CRT' &&
          e.nsu === nsu &&
          (e.state === 'answered' || e.state === 'confirmed' || e.state === 'undone'),
      )
    : undefined;
  if (!sale || sale.amountCents === undefined)
    return deny(ctx, r, DENIAL.refused, 'VENDA PIX NAO ENCONTRADA');
  const effects: Effect[] = sale.state === 'undone' ? [] : settleUnconfirmed(sale, ctx.at, 'CNC');
  const base = opened(ctx, r);
  const exchange: Exchange = {
    ...base,
    amountCents: sale.amountCents,
    state: 'done',
    chargeId: sale.chargeId!,
    nsu: ctx.nextNsu,
    answer: cancelAnswer(echoOf(base), {
      amountCents: sale.amountCents,
      nsu: ctx.nextNsu,
      originalNsu: sale.nsu!,
      originalAt: sale.answeredAt ?? sale.createdAt,
      at: ctx.at,
    }),
    message: 'CANCELADA: DEVOLVER O PIX',
    answeredAt: ctx.at,
  };
  return [
    ...effects,
    { type: 'nsuUsed' },
    { type: 'save', exchange },
    { type: 'answer', exchange },
  ];
}

/** A request file that cannot be read whole: answered as a denial when its identifier is known. */
export function onUnreadable(ctx: Context, fields: Fields, problem: string): Effect[] {
  const command = fields.get('000-000');
  const identifier = fields.get('001-000');
  if (!command || !identifier || !/^\d{1,10}$/.test(identifier)) return [];
  const r: Request = { command, identifier, fields };
  const status: Effect = { type: 'status', command, identifier };
  if (command === 'ATV' || command === 'CNF' || command === 'NCN') return [status];
  return [status, ...deny(ctx, r, DENIAL.refused, problem)];
}

/** Messages for the operator when the charge could not even be created. */
export function createFailedMessage(code: string): string {
  if (code.startsWith('AMOUNT_')) return 'VALOR INVALIDO';
  if (code === 'PAYER_NOT_TYPED') return 'PAGADOR NAO DIGITADO NO CAIXA';
  if (code === 'OWNER_ONLY_NO_CHARGE') return 'COMPUTADOR DO PROPRIETARIO: NAO COBRA';
  if (/^(PAYER|NAME|DOCUMENT|EMAIL|PHONE|CPF|CNPJ)/.test(code)) return 'CONFIGURE O PAGADOR PADRAO';
  return 'PIX INDISPONIVEL: TENTE DE NOVO';
}

/** A sale ends denied: the denial answer with the reason in words, saved then written. */
function endDenied(
  e: Exchange,
  at: number,
  code: DenialCode,
  message: string,
  over: Partial<Exchange> = {},
): [Extract<Effect, { type: 'save' }>, Effect] {
  const next: Exchange = {
    ...e,
    ...over,
    state: 'denied',
    answer: deniedAnswer(echoOf(e), code, message, e.amountCents),
    message,
    updatedAt: at,
  };
  return [
    { type: 'save', exchange: next },
    { type: 'answer', exchange: next },
  ];
}

export function onCreateFailed(ctx: Context, e: Exchange, code: string): Effect[] {
  return endDenied(e, ctx.at, DENIAL.refused, createFailedMessage(code));
}

const NOT_PAID: Record<string, string> = {
  CANCELED: 'COBRANCA PIX CANCELADA NO CAIXA',
  EXPIRED: 'QR PIX EXPIRADO SEM PAGAMENTO',
  FAILED: 'FALHA NA COBRANCA PIX',
  REFUNDED: 'PIX DEVOLVIDO',
};

/** The charge of a sale changed. Only a final status decides; a late payment is never lost. */
export function onCharge(ctx: Context, e: Exchange, c: ChargeEnd): Effect[] {
  if (!isFinalCharge(c.status)) {
    return e.state === 'creating'
      ? [{ type: 'save', exchange: { ...e, state: 'waiting', chargeId: c.id, updatedAt: ctx.at } }]
      : [];
  }
  const paid = c.status === 'PAID' || c.status === 'PAID_DIFFERENT_AMOUNT';
  if (e.state === 'denied' && paid && !e.refundReason) {
    // Paid after the PDV was told it was not: the money is due back.
    return settleDenied(e, ctx.at, 'PAID_AFTER_DENIAL');
  }
  if (e.state !== 'creating' && e.state !== 'waiting') return [];
  // Paid with another amount (older rows: PAID flagged AMOUNT_MISMATCH) is not the sale's money.
  if (c.status === 'PAID_DIFFERENT_AMOUNT' || (paid && c.flags.includes('AMOUNT_MISMATCH'))) {
    const [save, answer] = endDenied(e, ctx.at, DENIAL.notPaid, 'VALOR PAGO DIFERENTE: DEVOLVER', {
      chargeId: c.id,
      refundReason: 'AMOUNT_MISMATCH',
    });
    return [
      save,
      answer,
      { type: 'refundDue', exchange: save.exchange, reason: 'AMOUNT_MISMATCH' },
    ];
  }
  if (c.status === 'PAID') {
    const answered: Exchange = {
      ...e,
      chargeId: c.id,
      state: 'answered',
      nsu: ctx.nextNsu,
      answer: approvedAnswer(echoOf(e), {
        amountCents: c.amountCents,
        nsu: ctx.nextNsu,
        externalId: c.externalId,
        ...(c.pspTransactionId && { pspTransactionId: c.pspTransactionId }),
        ...(c.endToEndId && { endToEndId: c.endToEndId }),
        paidAt: c.updatedAt,
        shopName: ctx.shopName,
        terminalName: ctx.terminalName,
        ...(ctx.operatorOf?.(c.id) && { operatorName: ctx.operatorOf(c.id)! }),
        ...(c.demo && { demo: true }),
      }),
      message: 'PIX RECEBIDO',
      answeredAt: ctx.at,
      updatedAt: ctx.at,
    };
    return [
      { type: 'nsuUsed' },
      { type: 'save', exchange: answered },
      { type: 'answer', exchange: answered },
    ];
  }
  return endDenied(e, ctx.at, DENIAL.notPaid, NOT_PAID[c.status] ?? 'PIX NAO PAGO', {
    chargeId: c.id,
  });
}

function settleDenied(e: Exchange, at: number, reason: RefundReason): Effect[] {
  const next: Exchange = { ...e, refundReason: reason, updatedAt: at };
  return [
    { type: 'save', exchange: next },
    { type: 'refundDue', exchange: next, reason },
  ];
}

/** Time passes: an approved sale not confirmed within the bound is settled as undone. */
export function onTick(ctx: Context, confirmMs: number): Effect[] {
  const out: Effect[] = [];
  for (const e of ctx.recent) {
    if (e.command === 'CRT' && e.state === 'answered' && ctx.at - (e.answeredAt ?? 0) >= confirmMs)
      out.push(...settleUnconfirmed(e, ctx.at, 'NOT_CONFIRMED'));
  }
  return out;
}
