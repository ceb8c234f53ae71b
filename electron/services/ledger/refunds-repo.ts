import type { RefundFacts, RefundState } from '../../../shared/domain/refund-lifecycle';
import type { Db } from './database';

/** A devolução (or a withdrawal made as one) as the ledger holds it, linked to its sale. */
export interface RefundRecord extends RefundFacts {
  /** Ours: the `{id}` of `PUT /pix/{e2eid}/devolucao/{id}`, saved before the request goes out. */
  id: string;
  chargeId: string;
  endToEndId?: string;
  /** The family kind: the withdrawal that gave the money back. */
  withdrawalId?: string;
  amountCents: number;
  demo: boolean;
  createdAt: number;
  updatedAt: number;
}

type Row = Record<string, unknown>;

const toRow = (r: RefundRecord): Row => ({
  id: r.id,
  charge_id: r.chargeId,
  end_to_end_id: r.endToEndId ?? null,
  withdrawal_id: r.withdrawalId ?? null,
  amount_cents: r.amountCents,
  status: r.status,
  psp_status: r.pspStatus ?? null,
  notice_code: r.noticeCode ?? null,
  attempts: r.attempts,
  demo: r.demo ? 1 : 0,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
  done_at: r.doneAt ?? null,
});

function fromRow(r: Row): RefundRecord {
  const out: RefundRecord = {
    id: r.id as string,
    chargeId: r.charge_id as string,
    amountCents: r.amount_cents as number,
    status: r.status as RefundState,
    attempts: r.attempts as number,
    demo: r.demo === 1,
    createdAt: r.created_at as number,
    updatedAt: r.updated_at as number,
  };
  if (r.end_to_end_id !== null) out.endToEndId = r.end_to_end_id as string;
  if (r.withdrawal_id !== null) out.withdrawalId = r.withdrawal_id as string;
  if (r.psp_status !== null) out.pspStatus = r.psp_status as string;
  if (r.notice_code !== null) out.noticeCode = r.notice_code as string;
  if (r.done_at !== null) out.doneAt = r.done_at as number;
  return out;
}

const COLS = Object.keys(toRow({} as RefundRecord));

export class RefundsRepo {
  constructor(private readonly db: Db) {}

  insert(r: RefundRecord): void {
    this.db
      .prepare(
        `INSERT INTO refunds (${COLS.join(', ')}) VALUES (${COLS.map((c) => `@${c}`).join(', ')})`,
      )
      .run(toRow(r));
  }

  save(r: RefundRecord): void {
    this.db
      .prepare(
        `UPDATE refunds SET ${COLS.filter((c) => c !== 'id')
          .map((c) => `${c} = @${c}`)
          .join(', ')} WHERE id = @id`,
      )
      .run(toRow(r));
  }

  get(id: string): RefundRecord | undefined {
    const r = this.db.prepare('SELECT * FROM refunds WHERE id = ?').get(id) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  byWithdrawal(withdrawalId: string): RefundRecord | undefined {
    const r = this.db.prepare('SELECT * FROM refunds WHERE withdrawal_id = ?').get(withdrawalId) as
      Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  forCharge(chargeId: string): RefundRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM refunds WHERE charge_id = ? ORDER BY created_at, rowid')
        .all(chargeId) as Row[]
    ).map(fromRow);
  }

  /** What completed refunds gave back of a sale. */
  refundedCents(chargeId: string): number {
    return this.db
      .prepare(
        "SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE charge_id = ? AND status = 'REFUNDED'",
      )
      .pluck()
      .get(chargeId) as number;
  }

  /** Not final yet: resumed at start-up. */
  open(): RefundRecord[] {
    return (
      this.db
        .prepare("SELECT * FROM refunds WHERE status IN ('SENDING', 'UNCERTAIN', 'PROCESSING')")
        .all() as Row[]
    ).map(fromRow);
  }

  /** Refunds completed in [from, to): Fechamento counts each on the day it happened. */
  doneBetween(from: number, to: number): RefundRecord[] {
    return (
      this.db
        .prepare(
          "SELECT * FROM refunds WHERE status = 'REFUNDED' AND done_at >= ? AND done_at < ? ORDER BY done_at",
        )
        .all(from, to) as Row[]
    ).map(fromRow);
  }
}
