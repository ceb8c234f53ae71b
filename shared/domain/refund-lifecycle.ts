import { err, ok, type ErrorKind, type Result } from '../result';
import type { WithdrawalState } from '../views';
import { formatBRL } from './money';

/**
 * A devolução (API Pix `PUT /pix/{e2eid}/devolucao/{id}`) as one pure decision, like the
 * withdrawal's. Our `id` is saved before the request goes out, so a retry after a lost answer
 * is the same id: the PSP refuses a second use, so money never goes back twice.
 *
 * SENDING → PROCESSING (EM_PROCESSAMENTO) → REFUNDED (DEVOLVIDO) | NOT_DONE (NAO_REALIZADO);
 * SENDING → UNCERTAIN (answer lost) → SENDING again only after the PSP said it has no such id;
 * SENDING → REFUSED (the PSP said no on the first send: nothing was refunded).
 */
export const REFUND_STATES = [
  'SENDING',
  'UNCERTAIN',
  'PROCESSING',
  'REFUNDED',
  'NOT_DONE',
  'REFUSED',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const isRefundFinal = (s: RefundState) =>
  s === 'REFUNDED' || s === 'NOT_DONE' || s === 'REFUSED';

/** Refunds that hold part of the payment: done, on their way, or possibly sent. */
export const holdsMoney = (s: RefundState) => s !== 'NOT_DONE' && s !== 'REFUSED';

export interface RefundFacts {
  status: RefundState;
  attempts: number;
  /** The PSP's own word (EM_PROCESSAMENTO, DEVOLVIDO, NAO_REALIZADO). */
  pspStatus?: string;
  /** UNCERTAIN, or the PSP error's code when it refused. */
  noticeCode?: string;
  /** When it reached REFUNDED: Fechamento counts it on that day. */
  doneAt?: number;
}

export type RefundEvent =
  /** The request goes out (first send, or a resend after the PSP said it has no such id). */
  | { type: 'send' }
  /** The PSP's answer to the PUT, or to a GET of the devolução, or a webhook's `devolucoes[]`. */
  | { type: 'pspStatus'; status: string; at: number }
  /** Sent, answer lost: it may have been refunded. */
  | { type: 'answerLost' }
  | { type: 'pspRefused'; kind: ErrorKind; code: string }
  /** A GET of our id answered 404: the PSP never received it, so the same id may go again. */
  | { type: 'notAtPsp' };

export type RefundEffect = { type: 'publish' } | { type: 'pollLater' } | { type: 'sendNow' };

export interface RefundDecision<T extends RefundFacts> {
  next: T;
  changed: boolean;
  effects: RefundEffect[];
}

const PSP_WORDS: Record<string, RefundState> = {
  EM_PROCESSAMENTO: 'PROCESSING',
  DEVOLVIDO: 'REFUNDED',
  NAO_REALIZADO: 'NOT_DONE',
};

const MOVES: Record<RefundState, readonly RefundState[]> = {
  SENDING: ['PROCESSING', 'REFUNDED', 'NOT_DONE', 'UNCERTAIN', 'REFUSED'],
  UNCERTAIN: ['SENDING', 'PROCESSING', 'REFUNDED', 'NOT_DONE'],
  PROCESSING: ['REFUNDED', 'NOT_DONE'],
  REFUNDED: [],
  NOT_DONE: [],
  REFUSED: [],
};

export function decideRefund<T extends RefundFacts>(state: T, e: RefundEvent): RefundDecision<T> {
  const next: T = { ...state };
  const effects: RefundEffect[] = [];
  const out = (): RefundDecision<T> => ({
    next,
    changed: JSON.stringify(next) !== JSON.stringify(state),
    effects,
  });
  const move = (to: RefundState): boolean => {
    if (!MOVES[next.status].includes(to)) return false;
    next.status = to;
    effects.push({ type: 'publish' });
    return true;
  };
  switch (e.type) {
    case 'send':
      if (state.status !== 'SENDING' && !(state.status === 'UNCERTAIN' && move('SENDING')))
        return out();
      next.attempts = state.attempts + 1;
      effects.push({ type: 'sendNow' });
      return out();
    case 'pspStatus': {
      const to = PSP_WORDS[e.status];
      // An unknown word changes nothing: the next poll asks again.
      if (!to) return out();
      if (state.status === to || !move(to)) return out();
      next.pspStatus = e.status;
      delete next.noticeCode;
      if (to === 'REFUNDED') next.doneAt = e.at;
      if (to === 'PROCESSING') effects.push({ type: 'pollLater' });
      return out();
    }
    case 'answerLost':
      if (state.status !== 'SENDING') return out();
      move('UNCERTAIN');
      next.noticeCode = 'UNCERTAIN';
      effects.push({ type: 'pollLater' });
      return out();
    case 'pspRefused':
      if (state.status !== 'SENDING') return out();
      if (state.attempts > 1 || e.kind === 'uncertain' || e.kind === 'conflict') {
        // An earlier send of this id may have landed (the PSP refuses a reused id): ask, never resend.
        move('UNCERTAIN');
        next.noticeCode = 'UNCERTAIN';
        effects.push({ type: 'pollLater' });
        return out();
      }
      move('REFUSED');
      next.noticeCode = e.code;
      return out();
    case 'notAtPsp':
      if (state.status !== 'UNCERTAIN') return out();
      return decideRefund(next, { type: 'send' });
    default:
      return ((x: never) => {
        throw new Error(`unhandled refund event ${JSON.stringify(x)}`);
      })(e);
  }
}

/** What is left of a payment to give back: received minus every refund that holds money. */
export function refundableCents(
  receivedCents: number,
  refunds: ReadonlyArray<{ amountCents: number; status: RefundState }>,
): number {
  const held = refunds.filter((r) => holdsMoney(r.status)).reduce((s, r) => s + r.amountCents, 0);
  return Math.max(0, receivedCents - held);
}

/** Full or partial, never more than what is left; refused in words before anything is sent. */
export function checkRefund(
  amountCents: number,
  receivedCents: number,
  refunds: ReadonlyArray<{ amountCents: number; status: RefundState }>,
): Result<number> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return err('validation', 'AMOUNT_ZERO', { field: 'amountCents' });
  const left = refundableCents(receivedCents, refunds);
  if (left === 0) return err('conflict', 'REFUND_NOTHING_LEFT');
  if (amountCents > left)
    return err('validation', 'REFUND_EXCEEDS_REMAINING', {
      field: 'amountCents',
      params: { remaining: formatBRL(left) },
    });
  return ok(amountCents);
}

/** The family kind gives money back by a withdrawal: its state read as the refund's. */
export const refundStateOfWithdrawal = (w: WithdrawalState): RefundState =>
  (
    ({
      SUBMITTING: 'SENDING',
      UNCERTAIN: 'UNCERTAIN',
      PROCESSING: 'PROCESSING',
      COMPLETED: 'REFUNDED',
      FAILED: 'NOT_DONE',
    }) as const
  )[w];
