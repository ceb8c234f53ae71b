import type { ChargeState } from '../../../shared/domain/charge-state';
import type { OperatorCharge } from '../../../shared/domain/closing-by-operator';
import { isReceived } from '../../../shared/domain/day-closing';
import type { Db } from './database';

/**
 * When the payment was applied: the first move to PAID (a late payment after a cancel or expiry
 * included: older rows said so only in the detail), or the payment logged on a FAILED charge.
 * `charges.id` is the charge of the enclosing query.
 */
export const PAID_TIME = `(SELECT MIN(h.at) FROM charge_history h WHERE h.charge_id = charges.id
  AND ((h.to_status IN ('PAID', 'PAID_DIFFERENT_AMOUNT') AND h.from_status IS NOT h.to_status)
    OR h.detail LIKE 'late payment%'
    OR h.detail = 'payment on a failed charge'))`;
/** When a REFUNDED charge was refunded (`+`: look up by the charge, not every refund ever). */
const REFUNDED_TIME = `(SELECT MIN(h.at) FROM charge_history h WHERE h.charge_id = charges.id
  AND +h.to_status = 'REFUNDED')`;

/**
 * The day's money moves, from charge_history's (to_status, at, charge_id, from_status) index
 * alone: moves to PAID or REFUNDED (a log line that keeps the status is no move), and the rarer
 * late payments that older rows or a FAILED charge recorded only in the detail.
 */
export const MOVES_SQL = `SELECT charge_id, to_status, at FROM charge_history
  WHERE to_status IN ('PAID', 'PAID_DIFFERENT_AMOUNT', 'REFUNDED') AND at >= @from AND at < @to
    AND from_status IS NOT to_status
  UNION ALL
  SELECT charge_id, 'PAID', at FROM charge_history
  WHERE to_status IN ('FAILED', 'CANCELED', 'EXPIRED') AND at >= @from AND at < @to
    AND (detail LIKE 'late payment%' OR detail = 'payment on a failed charge')`;

const COLUMNS =
  'id, status, amount_cents, fee_cents, flags, demo, created_at, received_cents, operator_id';
export const CREATED_SQL = `SELECT ${COLUMNS} FROM charges WHERE created_at >= @from AND created_at < @to`;

/**
 * What the closing of [from, to) adds up: every charge created in it, and the charges created on
 * another day whose payment or refund happened in it, each with its paid and refund times
 * (closeDay decides from them). A charge moves to PAID once and to REFUNDED once
 * (charge-state.ts), so a move found in the day is its move; only a charge whose money moved on
 * another day (paid across midnight) is looked up on its own.
 */
export function closingCharges(db: Db, from: number, to: number): OperatorCharge[] {
  const paid = new Map<string, number>();
  const refunded = new Map<string, number>();
  for (const [id, status, at] of db.prepare(MOVES_SQL).raw().all({ from, to }) as Array<
    [string, string, number]
  >) {
    const times = status === 'REFUNDED' ? refunded : paid;
    const seen = times.get(id);
    if (seen === undefined || at < seen) times.set(id, at);
  }
  const paidTime = db.prepare(`SELECT ${PAID_TIME} FROM charges WHERE id = ?`).pluck();
  const refundTime = db.prepare(`SELECT ${REFUNDED_TIME} FROM charges WHERE id = ?`).pluck();
  // Each move found is taken by its charge, so what is left belongs to charges of other days.
  const toCharge = ([
    id,
    status,
    amountCents,
    feeCents,
    flags,
    demo,
    createdAt,
    receivedCents,
    operatorId,
  ]: ChargeRow) => {
    const c: OperatorCharge = {
      status,
      amountCents,
      flags: flags ? flags.split(',') : [],
      demo: demo === 1,
      createdAt,
    };
    if (feeCents !== null) c.feeCents = feeCents;
    if (receivedCents !== null) c.receivedCents = receivedCents;
    // Who rang it (issue 36): Fechamento by operator; untagged rows stay anonymous.
    if (operatorId !== null) c.operatorId = operatorId;
    const paidAt =
      take(paid, id) ?? (isReceived(c) || status === 'REFUNDED' ? paidTime.get(id) : null);
    if (typeof paidAt === 'number') c.paidAt = paidAt;
    const refundedAt = take(refunded, id) ?? (status === 'REFUNDED' ? refundTime.get(id) : null);
    if (typeof refundedAt === 'number') c.refundedAt = refundedAt;
    return c;
  };
  const out = (db.prepare(CREATED_SQL).raw().all({ from, to }) as ChargeRow[]).map(toCharge);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM charges WHERE id = ?`).raw();
  for (const id of new Set([...paid.keys(), ...refunded.keys()])) {
    const row = byId.get(id) as ChargeRow | undefined;
    if (row) out.push(toCharge(row));
  }
  return out;
}

type ChargeRow = [
  string,
  ChargeState,
  number,
  number | null,
  string,
  number,
  number,
  number | null,
  string | null,
];

function take(times: Map<string, number>, id: string): number | undefined {
  const at = times.get(id);
  if (at !== undefined) times.delete(id);
  return at;
}
