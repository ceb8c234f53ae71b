import type { ErrorKind } from '../result';
import { addDays, cobvDue, dayNumber, lastPayableDay, type CobvTerms } from './cobv';
import { verifyBrCode } from './brcode';
import { receiverOf, sameReceiver, type Receiver } from './receiver-pin';
import type { ChargeNoticeCode } from './charge-notices';
import { canTransition, isPaidState, isTerminal, type ChargeState } from './charge-state';
import { readPspStatus, type PspOutcome } from './psp-status';

/**
 * The charge lifecycle as one pure decision: `decide(state, event, ctx) → {next, history,
 * effects, outcome}`. The service around it only locks, loads, saves and runs the effects after
 * the commit. The rules that keep money safe live here:
 * - an answer lost after sending makes the charge UNCERTAIN, never FAILED;
 * - a BR Code that fails verification (or names another amount) is never kept;
 * - terminal states stay terminal, except a payment → REFUNDED and the late payment
 *   (CANCELED/EXPIRED → PAID, flagged LATE_PAYMENT, `paidAfter` = the state it left);
 * - a payment of another amount is PAID_DIFFERENT_AMOUNT (never PAID), with `receivedCents`;
 *   a paid amount that is not a positive number of cents is refused, never a payment;
 * - a status or a cancel that arrives while a request is in flight is deferred and applied,
 *   in arrival order, as soon as the answer settles the charge;
 * - with no status query, a charge in doubt is retired (CANCELED, UNCERTAIN_RETIRED) once the
 *   PSP says it holds the id without giving the QR, or once resolution gives up: the payer never
 *   saw a QR, the cashier starts a new sale, and a late payment is still caught.
 */

/** Deferred while SUBMITTING: a PSP outcome, the cashier's cancel, or a retirement (no query). */
export type DeferredStep = PspOutcome | 'CANCEL' | 'RETIRE';

/** The part of a charge record the lifecycle reads and writes. */
export interface ChargeFacts {
  status: ChargeState;
  amountCents: number;
  expiresAt: number;
  attempts: number;
  /** Visible flags (LATE_PAYMENT, LOCAL_CANCEL, AMOUNT_MISMATCH…). */
  flags: string[];
  /** Internal: never shown. */
  deferred: DeferredStep[];
  noticeCode?: ChargeNoticeCode;
  /** With PSP_REFUSED: the PSP error's code. */
  noticeReason?: string;
  brcode?: string;
  pspTransactionId?: string;
  pspStatus?: string;
  feeCents?: number;
  /** What the PSP says was paid, when it says it (set aside while a request is in flight). */
  receivedCents?: number;
  paidAfter?: 'CANCELED' | 'EXPIRED';
  canceledBy?: string;
  canceledAt?: number;
  /** Kept only while a same-id retry may need it. */
  payer?: object;
  /** `Com vencimento` (an API Pix cobv): what is due changes by the day (shared/domain/cobv.ts). */
  cobv?: CobvTerms;
}

/** What the PSP answered to a create (or a status query that carries the QR). */
export interface CreatedAnswer {
  transactionId: string;
  status: string;
  qrcode: string;
  amountCents: number;
  /** The fee the PSP says it keeps (cics-pt's `transactionFee`), when it says it. */
  feeCents?: number;
  /**
   * A dynamic code whose amount was checked where the payer's bank reads it: the signed
   * payload at its location (the API Pix kind). Only then may tag 54 be absent.
   */
  amountAtLocation?: true;
}

export type ChargeEvent =
  /** A (re)try goes out with the same external id (DRAFT/UNCERTAIN → SUBMITTING). */
  | { type: 'submit' }
  | { type: 'pspAnswer'; created: CreatedAnswer }
  /** Sent, answer lost (timeout, reset, crash with a request in flight). */
  | { type: 'answerLost'; reason?: string }
  /** The PSP said no (or already holds this id: kind `conflict`). */
  | { type: 'pspRefused'; kind: ErrorKind; code: string; canQuery: boolean }
  | { type: 'callbackStatus'; raw: string; feeCents?: number; amountCents?: number }
  | {
      type: 'queryStatus';
      raw: string;
      transactionId?: string;
      qrcode?: string;
      amountCents?: number;
      /** The code's amount was checked at its location (CreatedAnswer.amountAtLocation). */
      amountAtLocation?: true;
      /** A cobv: what its terms asked the day it was paid (the PSP's GET /cobv, read by them). */
      dueCents?: number;
    }
  | { type: 'localExpiry' }
  | { type: 'cancel'; by: string }
  /**
   * Automatic resolution stopped trying. With a status query the cashier is asked to recheck;
   * `canQuery` false (no query) retires the charge: nothing could ever show its QR.
   */
  | { type: 'resolveGaveUp'; canQuery?: boolean };
export type ChargeEventType = ChargeEvent['type'];

export type ChargeEffect =
  /** The view changed: tell the screens (after the commit). */
  | { type: 'publish' }
  /** Money landed on this charge: news for every screen. */
  | { type: 'paid'; late: boolean }
  /** Loud, app-wide. */
  | { type: 'alert'; code: 'LATE_PAYMENT' }
  /** The first verified QR of this PSP: pin its receiver (trust on first use). */
  | { type: 'learnReceiver'; receiver: Receiver }
  /** A QR to someone other than the pinned receiver was refused: the owner is told. */
  | { type: 'receiverRefused'; receiver: Receiver }
  | { type: 'resolveNow' }
  | { type: 'resolveLater' }
  | { type: 'stopResolving' };

export type DecisionOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'late-payment'
  | 'unknown-status'
  | 'noop'
  /** A paid status whose amount is zero, negative or not whole cents: refused, never paid. */
  | 'bad-amount';

export interface HistoryLine {
  from: ChargeState;
  to: ChargeState;
  detail?: string;
}

export interface Decision<T extends ChargeFacts> {
  next: T;
  /** True when `next` differs from the state given (it must be saved). */
  changed: boolean;
  history: HistoryLine[];
  effects: ChargeEffect[];
  outcome: DecisionOutcome;
}

export interface DecideContext {
  at: number;
  statusMap?: Readonly<Record<string, PspOutcome>>;
  /** Who this PSP's codes pay (shared/domain/receiver-pin.ts); none yet: the first is learned. */
  receiver?: Receiver;
}

/** Accumulates one decision: every change goes through here, so every rule is applied once. */
class Draft<T extends ChargeFacts> {
  readonly s: T;
  readonly history: HistoryLine[] = [];
  readonly effects: ChargeEffect[] = [];
  changed = false;

  constructor(state: T) {
    this.s = { ...state, flags: [...state.flags], deferred: [...state.deferred] };
  }

  set<K extends keyof ChargeFacts>(k: K, v: T[K]): void {
    if (this.s[k] === v) return;
    this.s[k] = v;
    this.changed = true;
  }

  flag(f: string): void {
    if (this.s.flags.includes(f)) return;
    this.s.flags.push(f);
    this.changed = true;
  }

  notice(code: ChargeNoticeCode | undefined, reason?: string): void {
    this.set('noticeCode', code);
    this.set('noticeReason', reason);
    this.effect({ type: 'publish' });
  }

  effect(e: ChargeEffect): void {
    if (!this.effects.some((x) => JSON.stringify(x) === JSON.stringify(e))) this.effects.push(e);
  }

  log(detail: string): void {
    this.history.push({ from: this.s.status, to: this.s.status, detail });
  }

  /** A legal move only; an illegal one is refused and the state kept. */
  move(to: ChargeState, notice?: ChargeNoticeCode, detail?: string): boolean {
    const from = this.s.status;
    if (!canTransition(from, to)) return false;
    this.s.status = to;
    this.changed = true;
    this.history.push({ from, to, ...(detail !== undefined && { detail }) });
    this.effect({ type: 'publish' });
    if (notice) {
      this.flag(notice);
      this.notice(notice);
    }
    const uncertainNotice = this.s.noticeCode?.startsWith('UNCERTAIN') ?? false;
    if ((to === 'PENDING' || isPaidState(to)) && uncertainNotice) this.notice(undefined);
    if (isTerminal(to)) {
      // Minimise payer data: what a same-id retry needed is no longer needed.
      this.set('payer', undefined);
      this.effect({ type: 'stopResolving' });
    }
    return true;
  }

  done(outcome: DecisionOutcome): Decision<T> {
    return {
      next: this.s,
      changed: this.changed || this.history.length > 0,
      history: this.history,
      effects: this.effects,
      outcome,
    };
  }
}

export function decide<T extends ChargeFacts>(
  state: T,
  event: ChargeEvent,
  ctx: DecideContext,
): Decision<T> {
  const d = new Draft(state);
  switch (event.type) {
    case 'submit':
      if (state.status !== 'DRAFT' && state.status !== 'UNCERTAIN') return d.done('noop');
      d.set('attempts', state.attempts + 1);
      d.move('SUBMITTING', undefined, state.status === 'UNCERTAIN' ? 'retry' : undefined);
      return d.done('applied');
    case 'pspAnswer':
      if (state.status !== 'SUBMITTING') return d.done('ignored');
      accept(d, event.created, ctx);
      return settle(d, ctx);
    case 'answerLost':
      if (state.status !== 'SUBMITTING') return d.done('noop');
      toUncertain(d, event.reason);
      d.effect({ type: 'resolveLater' });
      return settle(d, ctx);
    case 'pspRefused':
      if (state.status !== 'SUBMITTING') return d.done('noop');
      refused(d, event, ctx.at);
      return settle(d, ctx);
    case 'callbackStatus':
    case 'queryStatus':
      return onStatus(d, event, ctx);
    case 'localExpiry':
      if (state.status !== 'PENDING' || ctx.at < state.expiresAt) return d.done('noop');
      d.move('EXPIRED', 'LOCAL_EXPIRY');
      return d.done('applied');
    case 'cancel':
      return cancel(d, event.by, ctx.at);
    case 'resolveGaveUp':
      if (event.canQuery === false) return giveUpWithoutQuery(d, ctx.at);
      if (state.status !== 'UNCERTAIN') return d.done('noop');
      d.notice('UNCERTAIN_GAVE_UP');
      return d.done('applied');
    default:
      return exhaustive(event);
  }
}

function exhaustive(e: never): never {
  throw new Error(`unhandled charge event ${JSON.stringify(e)}`);
}

function toUncertain(d: Draft<ChargeFacts>, detail?: string): void {
  if (d.s.status === 'UNCERTAIN') return;
  d.move('UNCERTAIN', undefined, detail);
  d.notice('UNCERTAIN');
}

/** The PSP's answer to a create (or a query that carried the QR): show it only if it checks. */
function accept(d: Draft<ChargeFacts>, created: CreatedAnswer, ctx: DecideContext): void {
  d.set('pspTransactionId', created.transactionId);
  d.set('pspStatus', created.status);
  if (created.amountCents !== d.s.amountCents) {
    // 455 for R$ 4,55 (or 0,05 for R$ 5,00): a unit setting to fix, said in those words.
    const unit =
      created.amountCents === d.s.amountCents * 100 ||
      created.amountCents * 100 === d.s.amountCents;
    const code = unit ? 'AMOUNT_UNIT_MISMATCH' : 'AMOUNT_MISMATCH';
    d.move('FAILED', code, code);
    return;
  }
  const check = verifyBrCode(created.qrcode, d.s.amountCents);
  if (!check.ok) {
    d.move('FAILED', 'QR_REJECTED', check.code);
    return;
  }
  // A code without an amount lets the payer type any value: never a charge's QR.
  if (
    check.value.amountCents === undefined &&
    !(check.value.dynamic && check.value.url && created.amountAtLocation)
  ) {
    d.move('FAILED', 'QR_REJECTED', 'BRCODE_NO_AMOUNT');
    return;
  }
  const receiver = receiverOf(check.value);
  if (ctx.receiver && !sameReceiver(ctx.receiver, receiver)) {
    d.move('FAILED', 'RECEIVER_MISMATCH', 'RECEIVER_MISMATCH');
    d.effect({ type: 'receiverRefused', receiver });
    return;
  }
  if (!ctx.receiver) d.effect({ type: 'learnReceiver', receiver });
  d.set('brcode', created.qrcode);
  if (created.feeCents !== undefined && d.s.feeCents === undefined)
    d.set('feeCents', created.feeCents);
  const reading = readPspStatus(created.status, ctx.statusMap);
  if (!reading.known) d.flag('UNKNOWN_STATUS');
  if (!d.move('PENDING')) return;
  d.notice(undefined);
  d.effect({ type: 'stopResolving' });
  if (reading.known && reading.outcome !== 'PENDING' && reading.outcome !== 'REFUNDED') {
    // A create answer says nothing of what was paid; a paid callback deferred meanwhile did.
    const paid = reading.outcome === 'PAID' ? d.s.receivedCents : undefined;
    applyOutcome(d, reading.outcome, created.status, ctx, undefined, paid);
  }
}

function refused(
  d: Draft<ChargeFacts>,
  e: Extract<ChargeEvent, { type: 'pspRefused' }>,
  at: number,
): void {
  if (e.kind === 'conflict') {
    // The PSP already holds this id: an earlier attempt (or a lost answer) created it.
    toUncertain(d, e.code);
    if (e.canQuery) d.effect({ type: 'resolveNow' });
    // Without a query (or an idempotent reply, which would have carried the QR) nothing can
    // ever show this charge: retire it now rather than keep the cashier waiting.
    else retireNow(d, at);
    return;
  }
  if (e.kind === 'uncertain' || d.s.attempts > 1) {
    // Still unknown whether an earlier attempt landed: keep trying with the same id.
    toUncertain(d, e.code);
    d.effect({ type: 'resolveLater' });
    return;
  }
  // Refused for sure (validation, auth, rate limit, PSP down): nothing was charged.
  d.move('FAILED', undefined, e.code);
  d.notice('PSP_REFUSED', e.code);
}

/** Once the answer settled a SUBMITTING charge, what arrived meanwhile is applied in order. */
function settle<T extends ChargeFacts>(d: Draft<T>, ctx: DecideContext): Decision<T> {
  const steps = d.s.deferred;
  if (steps.length) d.set('deferred', []);
  for (const step of steps) {
    if (step === 'CANCEL') cancelNow(d, d.s.canceledBy ?? 'cashier', d.s.canceledAt ?? ctx.at);
    else if (step === 'RETIRE') retireNow(d, d.s.canceledAt ?? ctx.at);
    else applyOutcome(d, step, d.s.pspStatus ?? step, ctx, 'deferred', d.s.receivedCents);
  }
  return d.done('applied');
}

function cancel<T extends ChargeFacts>(d: Draft<T>, by: string, at: number): Decision<T> {
  if (d.s.status === 'SUBMITTING') {
    // Abandoned while the PSP is answering: cancel as soon as the answer arrives.
    d.set('canceledBy', by);
    d.set('canceledAt', at);
    d.set('deferred', [...d.s.deferred, 'CANCEL']);
    d.log('cancel requested while submitting');
    return d.done('applied');
  }
  return d.done(cancelNow(d, by, at) ? 'applied' : 'noop');
}

function cancelNow(d: Draft<ChargeFacts>, by: string, at: number): boolean {
  if (isTerminal(d.s.status)) return false;
  if (!d.move('CANCELED', 'LOCAL_CANCEL', `by ${by}`)) return false;
  d.set('canceledBy', by);
  d.set('canceledAt', at);
  return true;
}

/**
 * No status query and resolution is over (or its deadline passed): retire the charge. With a
 * same-id retry in flight the retirement waits for its answer, like a cancel, but the cashier is
 * told now; whatever that answer brings (even a QR) is never shown.
 */
function giveUpWithoutQuery<T extends ChargeFacts>(d: Draft<T>, at: number): Decision<T> {
  if (d.s.status === 'SUBMITTING') {
    if (d.s.deferred.includes('RETIRE')) return d.done('noop');
    d.set('canceledAt', at);
    d.set('deferred', [...d.s.deferred, 'RETIRE']);
    d.notice('UNCERTAIN_RETIRED');
    d.log('retire requested while submitting');
    return d.done('applied');
  }
  if (d.s.status !== 'UNCERTAIN') return d.done('noop');
  retireNow(d, at);
  return d.done('applied');
}

/** UNCERTAIN (or a just-answered retry) → CANCELED, flagged: a later PAID is a late payment. */
function retireNow(d: Draft<ChargeFacts>, at: number): void {
  if (isTerminal(d.s.status)) return;
  if (!d.move('CANCELED', 'UNCERTAIN_RETIRED', 'retired: cannot be shown')) return;
  d.set('canceledBy', 'balcao');
  d.set('canceledAt', at);
}

function onStatus<T extends ChargeFacts>(
  d: Draft<T>,
  e: Extract<ChargeEvent, { type: 'callbackStatus' | 'queryStatus' }>,
  ctx: DecideContext,
): Decision<T> {
  const reading = readPspStatus(e.raw, ctx.statusMap);
  if (!reading.known) {
    d.set('pspStatus', e.raw);
    d.flag('UNKNOWN_STATUS');
    d.notice('UNKNOWN_STATUS');
    d.log(`unknown PSP status ${e.raw}`);
    return d.done('unknown-status');
  }
  const outcome = reading.outcome;
  // Before anything of this answer is kept (its fee, its id): a paid amount that is not money.
  if (outcome === 'PAID' && !validPaidAmount(e.amountCents)) return badAmount(d, e.amountCents);
  if (d.s.status === 'SUBMITTING') {
    if (outcome === 'PENDING') return d.done('noop');
    // A request is in flight: its answer settles the state first, then this is applied (the
    // paid amount waits in `receivedCents`, the deferred step is only the status).
    if (outcome === 'PAID' && e.amountCents !== undefined) d.set('receivedCents', e.amountCents);
    d.set('deferred', [...d.s.deferred, outcome]);
    d.log(`deferred ${e.raw}`);
    return d.done('applied');
  }
  if (e.type === 'queryStatus' && e.transactionId) d.set('pspTransactionId', e.transactionId);
  if (outcome === 'PENDING') {
    if (e.type !== 'queryStatus' || d.s.status !== 'UNCERTAIN') return d.done('noop');
    // The query found the charge we were unsure about: show its QR if it checks.
    if (e.qrcode) {
      accept(
        d,
        {
          transactionId: d.s.pspTransactionId ?? '',
          status: e.raw,
          qrcode: e.qrcode,
          amountCents: e.amountCents ?? d.s.amountCents,
          ...(e.amountAtLocation && { amountAtLocation: true }),
        },
        ctx,
      );
    } else {
      d.flag('NO_QR');
      d.move('PENDING', undefined, 'status-query');
      d.notice('NO_QR');
    }
    return d.done('applied');
  }
  if (e.type === 'callbackStatus' && e.feeCents !== undefined && outcome === 'PAID')
    d.set('feeCents', e.feeCents);
  const amount = e.amountCents;
  const due = e.type === 'queryStatus' ? e.dueCents : undefined;
  return d.done(applyOutcome(d, outcome, e.raw, ctx, undefined, amount, due));
}

/**
 * What paying the charge means in cents: its amount; for a cobv, what the PSP read by its terms
 * for the payment's day, or else (a PIX list or a webhook, which carry no terms) what its terms
 * asked on some day of its life — each is an amount its signed location asked that day.
 */
function amountsDue(s: ChargeFacts, dueCents?: number): number[] {
  if (!s.cobv) return [s.amountCents];
  if (dueCents !== undefined) return [dueCents];
  const t = s.cobv;
  // From the day before the due date to the day after its last payable day (weekend moves included).
  const days = dayNumber(lastPayableDay(t))! - dayNumber(t.dueDate)! + 3;
  return Array.from(
    { length: days },
    (_, i) => cobvDue(t, s.amountCents, addDays(t.dueDate, i - 1)).final,
  );
}

/** A paid amount we can believe: absent (the PSP did not say), or whole cents above zero. */
const validPaidAmount = (cents: number | undefined): boolean =>
  cents === undefined || (Number.isSafeInteger(cents) && cents > 0);

/** R$ 0,00, a negative or a fractional paid amount: logged and refused, the charge unchanged. */
function badAmount<T extends ChargeFacts>(d: Draft<T>, cents: number | undefined): Decision<T> {
  d.log(`refused PAID with amount ${String(cents)}`);
  return d.done('bad-amount');
}

/** A known, non-pending PSP outcome on a settled charge. */
function applyOutcome(
  d: Draft<ChargeFacts>,
  outcome: Exclude<PspOutcome, 'PENDING'> | 'PENDING',
  raw: string,
  _ctx: DecideContext,
  detail?: string,
  paidAmountCents?: number,
  dueCents?: number,
): DecisionOutcome {
  if (outcome === 'PENDING') return 'noop';
  if (outcome === 'PAID' && !validPaidAmount(paidAmountCents)) {
    d.log(`refused PAID with amount ${String(paidAmountCents)}`);
    return 'bad-amount';
  }
  const from = d.s.status;
  // Paid, but not what was charged: its own state, so nothing reads it as a settled sale.
  // A cobv paid exactly what its terms asked that day (fine and interest after its due date) is
  // the charge paid (docs/remote-charges.md); any other amount is not.
  const differs =
    paidAmountCents !== undefined && !amountsDue(d.s, dueCents).includes(paidAmountCents);
  const target = outcome === 'PAID' && differs ? 'PAID_DIFFERENT_AMOUNT' : outcome;
  const received = () => {
    if (paidAmountCents !== undefined) d.set('receivedCents', paidAmountCents);
    if (differs) {
      d.flag('AMOUNT_MISMATCH');
      d.notice('PAID_AMOUNT_MISMATCH');
    }
  };
  if (isTerminal(from)) {
    if (from === target || (outcome === 'PAID' && isPaidState(from))) return 'duplicate';
    if (outcome === 'PAID' && (from === 'CANCELED' || from === 'EXPIRED')) {
      // The documented late payment: the money is in, so the charge is paid, and it says after what.
      d.set('pspStatus', raw);
      d.move(target, 'LATE_PAYMENT', detail ?? 'late payment');
      d.set('paidAfter', from);
      received();
      d.effect({ type: 'alert', code: 'LATE_PAYMENT' });
      d.effect({ type: 'paid', late: true });
      return 'late-payment';
    }
    if (outcome === 'PAID' && from === 'FAILED') {
      // Paid although we refused it (a bad QR the PSP still holds): keep FAILED, flag, announce.
      d.set('pspStatus', raw);
      d.flag('LATE_PAYMENT');
      d.notice('LATE_PAYMENT');
      if (paidAmountCents !== undefined) d.set('receivedCents', paidAmountCents);
      if (differs) d.flag('AMOUNT_MISMATCH');
      d.log('payment on a failed charge');
      d.effect({ type: 'alert', code: 'LATE_PAYMENT' });
      d.effect({ type: 'paid', late: true });
      return 'late-payment';
    }
    if (!(isPaidState(from) && outcome === 'REFUNDED')) {
      d.log(`ignored ${raw} on a final charge`);
      return 'ignored';
    }
  }
  if (!d.move(target, undefined, detail)) return 'ignored';
  d.set('pspStatus', raw);
  if (outcome === 'PAID') {
    received();
    d.effect({ type: 'paid', late: false });
  }
  return 'applied';
}

/** Every event type, for exhaustive tests and the docs' table. */
export const CHARGE_EVENT_TYPES: readonly ChargeEventType[] = [
  'submit',
  'pspAnswer',
  'answerLost',
  'pspRefused',
  'callbackStatus',
  'queryStatus',
  'localExpiry',
  'cancel',
  'resolveGaveUp',
] satisfies readonly ChargeEventType[];
