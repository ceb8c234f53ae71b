import { parseDocument, type PayerDocument } from './documents';
import type { Cents } from './money';
import type { ErrorCode } from '../codes';
import type { ValidityKind } from './charge-validity';
import { err, ok, type Result } from '../result';
import { addDays, dayNumber } from './calendar-days';
import { businessDayFrom } from './business-days';

export { addDays, dayNumber };

/**
 * The API Pix's charge with a due date (`cobv`), as Balcão offers it: a due date, days it can
 * still be paid after it, a fine (%), interest (% a month) and a fixed discount until the due
 * date. Facts and sources: docs/remote-charges.md, "`cobv`: what the specification says"
 * (bacen/pix-api openapi.yaml at 1f1b568): schemas CobVSolicitada, CobDataDeVencimento, CobVValor,
 * CobVPayloadValor, the `CobVOperacaoInvalida` violations and `componentesValor`'s example.
 *
 * Percentages are integer hundredths (`2.00 %` = 200): the spec's `valorPerc` is `\d{1,10}\.\d{2}`.
 * Dates are `YYYY-MM-DD` in the shop's calendar (the spec's `format: date`).
 */
export interface CobvTerms {
  /** `calendario.dataDeVencimento`: payable on this day, at any hour ([spec]). */
  dueDate: string;
  /** `calendario.validadeAposVencimento`: calendar days after the due date it can still be paid. */
  daysAfterDue: number;
  /** `valor.multa`, modalidade 2 (percentual), in hundredths of a percent; 0: none. */
  finePct: number;
  /** `valor.juros`, modalidade 3 (percentual ao mês, dias corridos), hundredths; 0: none. */
  interestPctMonth: number;
  /** `valor.desconto`, modalidade 1 (valor fixo até a data), until the due date; 0: none. */
  discountCents: Cents;
}

/** The payer of a `cobv`: the spec REQUIRES `devedor` (CobVSolicitada: required devedor), CPF or CNPJ plus a name. */
export interface CobvPayer {
  name: string;
  document: PayerDocument;
}

/**
 * Our caps where the spec sets none (docs/remote-charges.md names them as choices):
 * - fine at most 2 %: the Código de Defesa do Consumidor, art. 52 § 1 (a shop's payer is a consumer);
 * - interest at most 1 % a month (the usual "juros de mora" of 1 % a.m., Código Civil art. 406 as read
 *   by consumer guides): an assumption, the law points to a variable rate;
 * - the due date at most 30 days ahead and at most 30 days after it, the same 30-day horizon as a
 *   cob's longest validity (charge-validity.ts: polling cost); no PSP limit is in the spec.
 */
export const COBV_FINE_MAX_PCT = 200;
export const COBV_INTEREST_MAX_PCT_MONTH = 100;
export const COBV_DUE_MAX_DAYS = 30;
export const COBV_AFTER_DUE_MAX_DAYS = 30;
const NAME_MAX = 200; // PessoaFisica/PessoaJuridica.nome maxLength

/**
 * The shop's calendar day at an instant: Brasília time (UTC−3, no daylight saving since 2019).
 * Assumption: a shop elsewhere in Brazil (UTC−4/−5) is off by an hour or two around midnight.
 */
export const shopDate = (ms: number): string =>
  new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10);

/** `2`, `2,5`, `0.33` → hundredths of a percent; more than two decimals or a sign is refused. */
export function parsePercent(input: string, field: string): Result<number> {
  const s = input.trim().replace(',', '.');
  if (s === '') return ok(0);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return err('validation', 'COBV_PERCENT_INVALID', { field });
  const [i, f = ''] = s.split('.') as [string, string?];
  return ok(Number(i) * 100 + Number(f.padEnd(2, '0')));
}

const bad = (code: ErrorCode, field: string, params?: Record<string, string | number>) =>
  err('validation', code, { field, ...(params && { params }) });

/**
 * Everything the PSP would refuse (and our caps), checked before anything is sent. `today` is
 * the shop's day of creation: a due date before it is refused by the spec
 * ("dataDeVencimento é anterior à data de criação").
 */
export function checkCobv(
  t: CobvTerms,
  amountCents: Cents,
  payer: { name: string; document: string },
  today: string,
): Result<{ terms: CobvTerms; payer: CobvPayer }> {
  const due = dayNumber(t.dueDate);
  const now = dayNumber(today)!;
  if (due === null) return bad('COBV_DUE_DATE_INVALID', 'dueDate');
  if (due < now) return bad('COBV_DUE_DATE_PAST', 'dueDate');
  if (due - now > COBV_DUE_MAX_DAYS)
    return bad('COBV_DUE_DATE_TOO_FAR', 'dueDate', { max: COBV_DUE_MAX_DAYS });
  if (
    !Number.isInteger(t.daysAfterDue) ||
    t.daysAfterDue < 0 ||
    t.daysAfterDue > COBV_AFTER_DUE_MAX_DAYS
  )
    return bad('COBV_DAYS_AFTER_RANGE', 'daysAfterDue', { max: COBV_AFTER_DUE_MAX_DAYS });
  if (!Number.isInteger(t.finePct) || t.finePct < 0 || t.finePct > COBV_FINE_MAX_PCT)
    return bad('COBV_FINE_RANGE', 'finePct', { max: COBV_FINE_MAX_PCT / 100 });
  if (
    !Number.isInteger(t.interestPctMonth) ||
    t.interestPctMonth < 0 ||
    t.interestPctMonth > COBV_INTEREST_MAX_PCT_MONTH
  )
    return bad('COBV_INTEREST_RANGE', 'interestPctMonth', {
      max: COBV_INTEREST_MAX_PCT_MONTH / 100,
    });
  // [spec] a discount "maior ou igual ao valor da cobrança original" is refused.
  if (!Number.isInteger(t.discountCents) || t.discountCents < 0 || t.discountCents >= amountCents)
    return bad('COBV_DISCOUNT_RANGE', 'discountCents');
  const name = payer.name.trim();
  if (!payer.document.trim()) return bad('COBV_PAYER_REQUIRED', 'payerDocument');
  const doc = parseDocument(payer.document);
  if (!doc.ok) return bad('DOCUMENT_INVALID', 'payerDocument');
  if (!name) return bad('COBV_PAYER_REQUIRED', 'payerName');
  if (name.length > NAME_MAX) return bad('PAYER_NAME_TOO_LONG', 'payerName');
  return ok({ terms: t, payer: { name, document: doc.value } });
}

/** What a `cobv` asks on a given day (`CobVPayloadValor`), each part in cents. */
export interface CobvDue {
  original: Cents;
  multa: Cents;
  juros: Cents;
  desconto: Cents;
  final: Cents;
  /** Past the last day it may be paid (due date + validadeAposVencimento). */
  expired: boolean;
}

/** Round half up to the cent (an assumption: the spec does not say how a PSP rounds). */
const pctOf = (cents: Cents, hundredthsPct: number, num = 1, den = 1) =>
  Math.floor((cents * hundredthsPct * num) / (10_000 * den) + 0.5);

/**
 * The amount due on `payDate` (`valor.final`), as the spec composes it: final = original + multa +
 * juros − abatimento − desconto (componentesValor). Before or on the due date the discount
 * applies; after it the fine (once, a percentage of the original) and the interest per calendar
 * day late (modalidade 3: % a month, pro rata 1/30 a day — an assumption: the spec does not say
 * how a month's rate splits into days). Simple interest on the original, as the spec's example
 * (R$ 100, fine 3 %, interest 1 % a day, 2 days late: R$ 105).
 *
 * A due date on a weekend or a bank holiday moves to the next business day, and the discount,
 * the fine, the interest and `validadeAposVencimento` all count from the moved day ([spec]
 * `CobDataDeVencimento.validadeAposVencimento`, its examples A–E); so does a last payable day
 * that falls on one (example A: due Tuesday 20, 4 days after → Saturday 24 → Monday 26).
 */
export function cobvDue(t: CobvTerms, original: Cents, payDate: string): CobvDue {
  const late = dayNumber(payDate)! - dayNumber(businessDayFrom(t.dueDate))!;
  const expired = dayNumber(payDate)! > dayNumber(lastPayableDay(t))!;
  if (late <= 0) {
    const desconto = t.discountCents;
    return { original, multa: 0, juros: 0, desconto, final: original - desconto, expired };
  }
  const multa = pctOf(original, t.finePct);
  const juros = pctOf(original, t.interestPctMonth, late, 30);
  return { original, multa, juros, desconto: 0, final: original + multa + juros, expired };
}

/**
 * What a payment of a `cobv` means (issue 37, Bad input). Exactly what was due that day — the
 * amount the PSP computed and signed at the location, which the payer's bank showed — is a
 * payment of the charge: `PAID`, its fine and interest said beside it (the payer owed them by
 * the terms sent). Anything else is `PAID_DIFFERENT_AMOUNT`, with what the PSP reported of the
 * fine and interest (`componentesValor`) to explain it.
 */
export function judgeCobvPayment(
  paidCents: Cents,
  due: CobvDue,
): { state: 'PAID' | 'PAID_DIFFERENT_AMOUNT'; extraCents: Cents } {
  return {
    state: paidCents === due.final ? 'PAID' : 'PAID_DIFFERENT_AMOUNT',
    extraCents: paidCents - due.original,
  };
}

const pct = (h: number) => `${Math.trunc(h / 100)}.${String(h % 100).padStart(2, '0')}`;
const money = (c: Cents) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** The `PUT /cobv/{txid}` body ([spec] CobVSolicitada): only the parts that are set. */
export function cobvRequestBody(
  t: CobvTerms,
  amountCents: Cents,
  payer: CobvPayer,
  chave: string,
  description?: string,
) {
  return {
    calendario: { dataDeVencimento: t.dueDate, validadeAposVencimento: t.daysAfterDue },
    devedor: {
      [payer.document.kind === 'CPF' ? 'cpf' : 'cnpj']: payer.document.value,
      nome: payer.name,
    },
    valor: {
      original: money(amountCents),
      ...(t.finePct > 0 && { multa: { modalidade: 2, valorPerc: pct(t.finePct) } }),
      ...(t.interestPctMonth > 0 && {
        juros: { modalidade: 3, valorPerc: pct(t.interestPctMonth) },
      }),
      ...(t.discountCents > 0 && {
        desconto: {
          modalidade: 1,
          descontoDataFixa: [{ data: t.dueDate, valorPerc: money(t.discountCents) }],
        },
      }),
    },
    chave,
    ...(description && { solicitacaoPagador: description.slice(0, 140) }),
  };
}

/**
 * The terms back from a `cobv` body (a PSP's reply, or the sandbox reading a request). Only the
 * modalities Balcão sends are understood; any other is null (refused, never guessed).
 */
export function readCobvTerms(b: unknown): CobvTerms | null {
  const o = (b ?? {}) as {
    calendario?: { dataDeVencimento?: unknown; validadeAposVencimento?: unknown };
    valor?: {
      multa?: { modalidade?: unknown; valorPerc?: unknown };
      juros?: { modalidade?: unknown; valorPerc?: unknown };
      desconto?: { modalidade?: unknown; descontoDataFixa?: unknown };
      abatimento?: unknown;
    };
  };
  const dueDate = o.calendario?.dataDeVencimento;
  if (typeof dueDate !== 'string' || dayNumber(dueDate) === null) return null;
  const after = o.calendario?.validadeAposVencimento ?? 30; // [spec] example and the banks' default
  if (typeof after !== 'number' || !Number.isInteger(after)) return null;
  const num = (v: unknown) =>
    typeof v === 'string' && /^\d{1,10}\.\d{2}$/.test(v) ? Math.round(Number(v) * 100) : null;
  const v = o.valor ?? {};
  if (v.abatimento !== undefined) return null;
  let finePct = 0;
  if (v.multa !== undefined) {
    const p = num(v.multa.valorPerc);
    if (v.multa.modalidade !== 2 || p === null) return null;
    finePct = p;
  }
  let interestPctMonth = 0;
  if (v.juros !== undefined) {
    const p = num(v.juros.valorPerc);
    if (v.juros.modalidade !== 3 || p === null) return null;
    interestPctMonth = p;
  }
  let discountCents = 0;
  if (v.desconto !== undefined) {
    const list = v.desconto.descontoDataFixa;
    const one =
      Array.isArray(list) && list.length === 1 ? (list[0] as Record<string, unknown>) : null;
    const c = num(one?.valorPerc);
    if (v.desconto.modalidade !== 1 || !one || one.data !== dueDate || c === null) return null;
    discountCents = c;
  }
  return { dueDate, daysAfterDue: after, finePct, interestPctMonth, discountCents };
}

/**
 * The last day a `cobv` can be paid: `validadeAposVencimento` calendar days after its (moved) due
 * date, itself moved to a business day ([spec] examples B–E: due Friday 25 Dec, 0 days → Monday 28).
 */
export function lastPayableDay(t: CobvTerms): string {
  return businessDayFrom(addDays(businessDayFrom(t.dueDate), t.daysAfterDue));
}

/**
 * A `cobv` as the charge service takes it: only an API Pix PSP has one (the family answers "this
 * PSP only charges at the counter", as for a longer validity), its terms and payer checked, and
 * its life in Balcão up to the end of its last payable day (Brasília): the ms from `at`.
 */
export function cobvLife(
  t: CobvTerms,
  input: { amountCents: Cents; payer?: { name?: string; document?: string } | undefined },
  kind: ValidityKind,
  at: number,
): Result<number> {
  if (kind !== 'api-pix') return err('validation', 'VALIDITY_COUNTER_ONLY', { field: 'validity' });
  const payer = { name: input.payer?.name ?? '', document: input.payer?.document ?? '' };
  const checked = checkCobv(t, input.amountCents, payer, shopDate(at));
  if (!checked.ok) return checked;
  const end = Date.parse(`${lastPayableDay(t)}T23:59:59.999-03:00`);
  return ok(end - at);
}
