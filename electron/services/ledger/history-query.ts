import type { ChargeState } from '../../../shared/domain/charge-state';
import type { OperatorCharge } from '../../../shared/domain/closing-by-operator';
import type { ClosingWithdrawal } from '../../../shared/domain/day-closing';
import { parseMoney } from '../../../shared/domain/money';
import { fromRow, type ChargeRecord } from './charges-repo';
import { closingCharges, PAID_TIME } from './closing-rows';
import type { Db } from './database';
import { readAll, readOne, type Row } from './sql-rows';

export interface HistoryFilter {
  from: number;
  to: number;
  status?: ChargeState;
  text?: string;
  /** Only this shift's charges (a cashier's Histórico when the shop has operators). */
  shiftId?: string;
}

/** When it was paid: the same rule as the closing (closing-rows.ts). */
const PAID_AT = `${PAID_TIME} AS paid_at`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: HistoryFilter): { sql: string; args: Record<string, unknown> } {
  const parts = ['created_at >= @from', 'created_at < @to'];
  const args: Record<string, unknown> = { from: f.from, to: f.to };
  if (f.status) {
    parts.push('status = @status');
    args.status = f.status;
  }
  if (f.shiftId) {
    parts.push('shift_id = @shiftId');
    args.shiftId = f.shiftId;
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
    const sql = `SELECT *, ${PAID_AT} FROM charges ${w.sql}
         ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`;
    const items = readAll(this.db.prepare(sql), withPaidAt, {
      ...w.args,
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return { items, total };
  }

  /** One charge by our id, our external id or the PSP's id. */
  charge(id: string): (ChargeRecord & { paidAt?: number }) | undefined {
    const sql = `SELECT *, ${PAID_AT} FROM charges WHERE id = @id OR external_id = @id OR psp_transaction_id = @id LIMIT 1`;
    return readOne(this.db.prepare(sql), withPaidAt, { id });
  }

  /** The charges the closing of [from, to) adds up, with their paid and refund times. */
  closingCharges(from: number, to: number): OperatorCharge[] {
    return closingCharges(this.db, from, to);
  }

  /** The withdrawals requested in [from, to). */
  closingWithdrawals(from: number, to: number): ClosingWithdrawal[] {
    const sql =
      'SELECT status, amount_cents, demo FROM withdrawals WHERE created_at >= ? AND created_at < ?';
    return readAll(
      this.db.prepare(sql),
      (r) => ({
        status: r.status as string,
        amountCents: r.amount_cents as number,
        demo: r.demo === 1,
      }),
      from,
      to,
    );
  }
}

function withPaidAt(r: Row): ChargeRecord & { paidAt?: number } {
  const rec = fromRow(r);
  return r.paid_at === null || r.paid_at === undefined
    ? rec
    : { ...rec, paidAt: r.paid_at as number };
}
