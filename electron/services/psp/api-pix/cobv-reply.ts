import {
  cobvDue,
  judgeCobvPayment,
  readCobvTerms,
  shopDate,
  type CobvDue,
  type CobvTerms,
} from '../../../../shared/domain/cobv';
import type { Cents } from '../../../../shared/domain/money';
import { err, ok, type Result } from '../../../../shared/result';
import { valorToCents } from './valor';

/**
 * Reading the API Pix's `cobv` answers (docs/remote-charges.md): a reply is used only when it is
 * the charge we asked for — our txid, key, face value and the very terms we sent (a PSP that
 * changed the fine or the due date would charge the payer something else than the shop said).
 */
const replyInvalid = (field: string, sideEffect: boolean) =>
  err(sideEffect ? 'uncertain' : 'unavailable', 'APIPIX_REPLY_INVALID', { params: { field } });

export function checkCobvReply(
  b: Record<string, unknown>,
  want: { txid: string; chave: string; amountCents: Cents; terms: CobvTerms },
): Result<{ raw: string }> {
  const v = valorToCents((b.valor as { original?: unknown } | undefined)?.original, 'valor');
  if (!v.ok) return replyInvalid('valor.original', true);
  if (v.value !== want.amountCents) return replyInvalid('valor.original', true);
  if (b.txid !== want.txid) return replyInvalid('txid', true);
  if (b.chave !== want.chave) return replyInvalid('chave', true);
  const t = readCobvTerms(b);
  if (!t || JSON.stringify(t) !== JSON.stringify(want.terms))
    return replyInvalid('calendario/valor', true);
  return typeof b.status === 'string' ? ok({ raw: b.status }) : replyInvalid('status', true);
}

/**
 * The amounts a location may sign as `final` now: today's, and the neighbouring day's when the
 * PSP's clock may already (or still) be on it — 10 minutes each side of midnight, Brasília time.
 */
export function finalsNow(terms: CobvTerms, amountCents: Cents, now: number): Cents[] {
  const days = new Set([shopDate(now - 600_000), shopDate(now), shopDate(now + 600_000)]);
  return [...new Set([...days].map((d) => cobvDue(terms, amountCents, d).final))];
}

/** A paid `cobv`, explained: what was due the day it was paid, and what the PSP said it held. */
export interface CobvPayment {
  paidCents: Cents;
  /** What the terms ask on the payment's day (Brasília). */
  due: CobvDue;
  /** Exactly `due.final`: Pago (with its fine/interest); else a different amount. */
  judged: 'PAID' | 'PAID_DIFFERENT_AMOUNT';
  /** Fine and interest as the PSP reported them (`componentesValor`), when it did. */
  reported?: { multaCents: Cents; jurosCents: Cents; descontoCents: Cents };
}

/** The PIX of a concluded `cobv` (`pix[]`), read against its terms. */
export function readCobvPayment(b: Record<string, unknown>): Result<CobvPayment> {
  const terms = readCobvTerms(b);
  const orig = valorToCents((b.valor as { original?: unknown } | undefined)?.original, 'valor');
  const pix = Array.isArray(b.pix) ? (b.pix as Array<Record<string, unknown>>) : [];
  if (!terms || !orig.ok || pix.length === 0) return replyInvalid('pix', false);
  let paid = 0;
  let reported: CobvPayment['reported'];
  let last = '';
  for (const p of pix) {
    const v = valorToCents(p.valor, 'pix.valor');
    if (!v.ok || typeof p.horario !== 'string' || Number.isNaN(Date.parse(p.horario)))
      return replyInvalid('pix', false);
    paid += v.value;
    last = p.horario;
    const c = p.componentesValor as Record<string, { valor?: unknown } | undefined> | undefined;
    if (c) {
      const part = (k: string) => {
        const x = c[k] === undefined ? ok(0) : valorToCents(c[k]?.valor, `componentesValor.${k}`);
        return x.ok ? x.value : 0;
      };
      reported = {
        multaCents: (reported?.multaCents ?? 0) + part('multa'),
        jurosCents: (reported?.jurosCents ?? 0) + part('juros'),
        descontoCents: (reported?.descontoCents ?? 0) + part('desconto'),
      };
    }
  }
  const due = cobvDue(terms, orig.value, shopDate(Date.parse(last)));
  return ok({
    paidCents: paid,
    due,
    judged: judgeCobvPayment(paid, due).state,
    ...(reported && { reported }),
  });
}
