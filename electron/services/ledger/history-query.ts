import type { ChargeState } from '../../../shared/domain/charge-state';
import type { ClosingCharge, ClosingWithdrawal } from '../../../shared/domain/day-closing';
import { parseMoney } from '../../../shared/domain/money';
import { fromRow, type ChargeRecord } from './charges-repo';
import type { Db } from './database';

export interface HistoryFilter {
  from: number;
  to: number;
  status?: ChargeState;
  text?: string;
}

type Row = Record<string, unknown>;

/**
 * When the payment was applied: the first move to PAID (a late payment after a cancel or expiry
 * included: older rows said so only in the detail), or the payment logged on a FAILED charge.
 */
const PAID_TIME = `(SELECT MIN(h.at) FROM charge_history h WHERE h.charge_id = charges.id
  AND ((h.to_status = 'PAID' AND h.from_status IS NOT 'PAID') OR h.detail LIKE 'late payment%'
    OR h.detail = 'payment on a failed charge'))`;
const PAID_AT = `${PAID_TIME} AS paid_at`;
/** When a REFUNDED charge was refunded (`+`: look up by the charge, not every refund ever). */
const REFUNDED_TIME = `(SELECT MIN(h.at) FROM charge_history h WHERE h.charge_id = charges.id
  AND +h.to_status = 'REFUNDED')`;

/**
 * The closing's columns: the paid and refund times only where money moved (most rows of a busy
 * day are paid, the rest skip two lookups).
 */
const CLOSING_COLUMNS = `status, amount_cents, fee_cents, flags, demo, created_at,
  CASE WHEN status IN ('PAID', 'REFUNDED') OR flags LIKE '%LATE_PAYMENT%' THEN ${PAID_TIME} END AS paid_at,
  CASE WHEN status = 'REFUNDED' THEN ${REFUNDED_TIME} END AS refunded_at`;

/**
 * What the closing of [@from, @to) adds up: every charge created in it, and the charges created
 * on another day whose payment, late payment or refund happened in it (found through
 * charge_history's (to_status, at) index; closeDay decides from the exact times).
 */
export const CLOSING_SQL = `SELECT ${CLOSING_COLUMNS} FROM charges WHERE created_at >= @from AND created_at < @to
   UNION ALL
   SELECT ${CLOSING_COLUMNS} FROM charges WHERE id IN (
     SELECT charge_id FROM charge_history
     WHERE to_status IN ('PAID', 'REFUNDED', 'FAILED', 'CANCELED', 'EXPIRED')
       AND at >= @from AND at < @to
       AND (to_status IN ('PAID', 'REFUNDED') OR detail LIKE 'late payment%'
         OR detail = 'payment on a failed charge')
   ) AND NOT (created_at >= @from AND created_at < @to)`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: HistoryFilter): { sql: string; args: Record<string, unknown> } {
  const parts = ['created_at >= @from', 'created_at < @to'];
  const args: Record<string, unknown> = { from: f.from, to: f.to };
  if (f.status) {
    parts.push('status = @status');
    args.status = f.status;
  }
  const text = f.text?.trim();
  if (text) {
    const fields = ['description', 'external_id', 'psp_transaction_id', 'id', 'payer_name'];
    const ors = fields.map((c) => `${c} LIKE @like ESCAPE '\\'`);
    args.like = `%${likeEscape(text)}%`;
    const amount = parseMoney(text);
    if (amount.ok) {
      ors.push('amount_cents = @amount');
      args.amount = amount.value;
    }
    parts.push(`(${ors.join(' OR ')})`);
  }
  return { sql: `WHERE ${parts.join(' AND ')}`, args };
}

/**
 * Histórico's reads of the ledger. Nothing here caps: a page is LIMIT/OFFSET over the whole
 * filtered set with its exact count, and the closing reads every row of the day.
 */
export class HistoryQuery {
  constructor(private readonly db: Db) {}

  page(
    f: HistoryFilter,
    page: number,
    perPage: number,
  ): { items: Array<ChargeRecord & { paidAt?: number }>; total: number } {
    const w = where(f);
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n FROM charges ${w.sql}`).get(w.args) as { n: number }
    ).n;
    const rows = this.db
      .prepare(
        `SELECT *, ${PAID_AT} FROM charges ${w.sql}
         ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...w.args, limit: perPage, offset: (page - 1) * perPage }) as Row[];
    return { items: rows.map(withPaidAt), total };
  }

  /** One charge by our id, our external id or the PSP's id. */
  charge(id: string): (ChargeRecord & { paidAt?: number }) | undefined {
    const r = this.db
      .prepare(
        `SELECT *, ${PAID_AT} FROM charges WHERE id = @id OR external_id = @id OR psp_transaction_id = @id LIMIT 1`,
      )
      .get({ id }) as Row | undefined;
    return r ? withPaidAt(r) : undefined;
  }

  /** The closing's rows of [from, to) (CLOSING_SQL). */
  closingCharges(from: number, to: number): ClosingCharge[] {
    const rows = this.db.prepare(CLOSING_SQL).all({ from, to }) as Row[];
    return rows.map((r) => ({
      status: r.status as ChargeState,
      amountCents: r.amount_cents as number,
      ...(r.fee_cents !== null && { feeCents: r.fee_cents as number }),
      flags: (r.flags as string) ? (r.flags as string).split(',') : [],
      demo: r.demo === 1,
      createdAt: r.created_at as number,
      ...(r.paid_at !== null && { paidAt: r.paid_at as number }),
      ...(r.refunded_at !== null && { refundedAt: r.refunded_at as number }),
    }));
  }

  /** The withdrawals requested in [from, to). */
  closingWithdrawals(from: number, to: number): ClosingWithdrawal[] {
    return (
      this.db
        .prepare(
          'SELECT status, amount_cents FROM withdrawals WHERE created_at >= ? AND created_at < ?',
        )
        .all(from, to) as Row[]
    ).map((r) => ({ status: r.status as string, amountCents: r.amount_cents as number }));
  }
}

function withPaidAt(r: Row): ChargeRecord & { paidAt?: number } {
  const rec = fromRow(r);
  return r.paid_at === null || r.paid_at === undefined
    ? rec
    : { ...rec, paidAt: r.paid_at as number };
}
