import type { RefundFacts, RefundState } from '../../../shared/domain/refund-lifecycle';
import type { Db } from './database';
import { RecordRepo } from './record-repo';
import { readAll, readOne, withPresent, type Row } from './sql-rows';

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
  return withPresent(out, {
    endToEndId: r.end_to_end_id,
    withdrawalId: r.withdrawal_id,
    pspStatus: r.psp_status,
    noticeCode: r.notice_code,
    doneAt: r.done_at,
  });
}

const COLS = Object.keys(toRow({} as RefundRecord));

export class RefundsRepo extends RecordRepo<RefundRecord> {
  constructor(
    db: Db,
    /** Told each record written (and what it was before), inside the same transaction. */
    private readonly onSaved: (
      r: RefundRecord,
      before: RefundRecord | undefined,
    ) => void = () => {},
  ) {
    super(db, { table: 'refunds', cols: COLS, toRow, fromRow });
  }

  override insert(rec: RefundRecord): void {
    this.db.transaction(() => {
      super.insert(rec);
      this.onSaved(rec, undefined);
    })();
  }

  override save(rec: RefundRecord): void {
    this.db.transaction(() => {
      const before = this.get(rec.id);
      super.save(rec);
      this.onSaved(rec, before);
    })();
  }

  byWithdrawal(withdrawalId: string): RefundRecord | undefined {
    return readOne(
      this.db.prepare('SELECT * FROM refunds WHERE withdrawal_id = ?'),
      fromRow,
      withdrawalId,
    );
  }

  forCharge(chargeId: string): RefundRecord[] {
    const sql = 'SELECT * FROM refunds WHERE charge_id = ? ORDER BY created_at, rowid';
    return readAll(this.db.prepare(sql), fromRow, chargeId);
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
    const sql = "SELECT * FROM refunds WHERE status IN ('SENDING', 'UNCERTAIN', 'PROCESSING')";
    return readAll(this.db.prepare(sql), fromRow);
  }

  /** Refunds completed in [from, to): Fechamento counts each on the day it happened. */
  doneBetween(from: number, to: number): RefundRecord[] {
    const sql =
      "SELECT * FROM refunds WHERE status = 'REFUNDED' AND done_at >= ? AND done_at < ? ORDER BY done_at";
    return readAll(this.db.prepare(sql), fromRow, from, to);
  }
}
