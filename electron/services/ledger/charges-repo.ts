import type { ChargeFacts, DeferredStep } from '../../../shared/domain/charge-lifecycle';
import { isChargeNoticeCode } from '../../../shared/domain/charge-notices';
import type { ChargeState } from '../../../shared/domain/charge-state';
import type { CobvTerms } from '../../../shared/domain/cobv';
import type { PayerInput } from '../../../shared/domain/payer';
import type { Db } from './database';
import {
  insertSql,
  eachRow,
  readAll,
  readByAnyId,
  readOne,
  updateSql,
  withPresent,
  type Row,
} from './sql-rows';

/** The payer as submitted (shared/domain/payer.ts), kept only for a same-id retry. */
export type PayerRecord = PayerInput;

/** A charge as the ledger holds it: the lifecycle's facts plus what identifies and describes it. */
export interface ChargeRecord extends ChargeFacts {
  id: string;
  externalId: string;
  operation: 'deposit' | 'transaction';
  description?: string;
  /** Kept only while the charge may need a same-id retry; cleared once it is final. */
  payer?: PayerRecord;
  payerName?: string;
  payerDocumentMasked?: string;
  /** `Com vencimento`: the API Pix `cobv` terms the charge was sent with (shared/domain/cobv.ts). */
  cobv?: CobvTerms;
  /** `Divisão (split)` sent with the charge (splitUser, splitTax), and the routing gateway. */
  split?: { user: string; taxPercent: number };
  gateway?: string;
  /** The payment's end-to-end id at the PSP (API Pix): a devolução names it. */
  endToEndId?: string;
  terminalId: string;
  demo: boolean;
  createdAt: number;
  updatedAt: number;
}

/** Before migration 3 deferred statuses were kept as DEFERRED_* flags: read both. */
const OLD_DEFERRED = 'DEFERRED_';
const list = (v: unknown): string[] => ((v as string) ? (v as string).split(',') : []);

const opt = <T>(v: unknown): T | undefined =>
  v === null || v === undefined ? undefined : (v as T);

export function fromRow(r: Row): ChargeRecord {
  const rec: ChargeRecord = {
    id: r.id as string,
    externalId: r.external_id as string,
    operation: r.operation as ChargeRecord['operation'],
    amountCents: r.amount_cents as number,
    status: r.status as ChargeState,
    flags: list(r.flags).filter((f) => !f.startsWith(OLD_DEFERRED)),
    deferred: [
      ...list(r.flags)
        .filter((f) => f.startsWith(OLD_DEFERRED))
        .map((f) => f.slice(OLD_DEFERRED.length)),
      ...list(r.deferred),
    ] as DeferredStep[],
    attempts: r.attempts as number,
    terminalId: r.terminal_id as string,
    demo: r.demo === 1,
    createdAt: r.created_at as number,
    updatedAt: r.updated_at as number,
    expiresAt: r.expires_at as number,
  };
  const payer = opt<string>(r.payer_json);
  // Older rows hold a PSP error code (or a sentence) as notice: it becomes PSP_REFUSED's reason.
  const code = opt<string>(r.notice_code);
  const known = isChargeNoticeCode(code);
  const fields: Partial<ChargeRecord> = {
    description: opt(r.description),
    payer: payer ? (JSON.parse(payer) as PayerRecord) : undefined,
    payerName: opt(r.payer_name),
    payerDocumentMasked: opt(r.payer_document_masked),
    pspTransactionId: opt(r.psp_transaction_id),
    pspStatus: opt(r.psp_status),
    brcode: opt(r.brcode),
    feeCents: opt(r.fee_cents),
    receivedCents: opt(r.received_cents),
    noticeCode: code === undefined ? undefined : known ? code : 'PSP_REFUSED',
    noticeReason: known ? opt(r.notice_reason) : code,
    split: opt<string>(r.split_json) ? JSON.parse(r.split_json as string) : undefined,
    cobv: opt<string>(r.cobv_json) ? (JSON.parse(r.cobv_json as string) as CobvTerms) : undefined,
    gateway: opt(r.gateway),
    endToEndId: opt(r.end_to_end_id),
    paidAfter: opt(r.paid_after),
    canceledBy: opt(r.canceled_by),
    canceledAt: opt(r.canceled_at),
  };
  return withPresent(rec, fields);
}

function toRow(c: ChargeRecord): Row {
  return {
    id: c.id,
    external_id: c.externalId,
    operation: c.operation,
    amount_cents: c.amountCents,
    description: c.description ?? null,
    payer_json: c.payer ? JSON.stringify(c.payer) : null,
    payer_name: c.payerName ?? null,
    payer_document_masked: c.payerDocumentMasked ?? null,
    status: c.status,
    psp_transaction_id: c.pspTransactionId ?? null,
    psp_status: c.pspStatus ?? null,
    brcode: c.brcode ?? null,
    fee_cents: c.feeCents ?? null,
    received_cents: c.receivedCents ?? null,
    notice_code: c.noticeCode ?? null,
    notice_text: null,
    notice_reason: c.noticeReason ?? null,
    split_json: c.split ? JSON.stringify(c.split) : null,
    cobv_json: c.cobv ? JSON.stringify(c.cobv) : null,
    gateway: c.gateway ?? null,
    end_to_end_id: c.endToEndId ?? null,
    flags: c.flags.join(','),
    deferred: c.deferred.join(','),
    paid_after: c.paidAfter ?? null,
    canceled_by: c.canceledBy ?? null,
    canceled_at: c.canceledAt ?? null,
    attempts: c.attempts,
    terminal_id: c.terminalId,
    demo: c.demo ? 1 : 0,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    expires_at: c.expiresAt,
  };
}

const COLUMNS = Object.keys(toRow({ flags: [], deferred: [] } as unknown as ChargeRecord));

export interface HistoryEntry {
  from?: ChargeState;
  to: ChargeState;
  source: string;
  detail?: string;
  at: number;
}

const historyFromRow = (r: Row): HistoryEntry => ({
  ...(r.from_status !== null && { from: r.from_status as ChargeState }),
  to: r.to_status as ChargeState,
  source: r.source as string,
  ...(r.detail !== null && { detail: r.detail as string }),
  at: r.at as number,
});

export class ChargesRepo {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly byIdStmt;
  private readonly historyStmt;
  private readonly anyIdStmt;
  private readonly dueStmt;
  private readonly closedHereStmt;
  private readonly openStmt;
  private readonly waitingStmt;

  constructor(
    private readonly db: Db,
    /** Told each record written with its history lines, inside the same transaction. */
    private readonly onSaved: (c: ChargeRecord, lines: readonly HistoryEntry[]) => void = () => {},
  ) {
    this.insertStmt = db.prepare(insertSql('charges', COLUMNS));
    this.updateStmt = db.prepare(updateSql('charges', COLUMNS));
    this.byIdStmt = db.prepare('SELECT * FROM charges WHERE id = ?');
    this.anyIdStmt = db.prepare(
      'SELECT * FROM charges WHERE external_id = @id OR psp_transaction_id = @id OR id = @id LIMIT 1',
    );
    this.dueStmt = db.prepare(
      `SELECT * FROM charges WHERE status = 'PENDING' AND expires_at <= @now
       AND (expires_at, id) > (@afterAt, @afterId) ORDER BY expires_at, id LIMIT @limit`,
    );
    // Flags are a comma-separated list: matched whole, between commas.
    this.openStmt = db.prepare(
      "SELECT * FROM charges WHERE status IN ('DRAFT', 'SUBMITTING', 'UNCERTAIN', 'PENDING') ORDER BY created_at",
    );
    this.closedHereStmt = db.prepare(
      `SELECT * FROM charges WHERE created_at >= ? AND status IN ('CANCELED', 'EXPIRED')
       AND (',' || flags || ',' LIKE '%,LOCAL_CANCEL,%' OR ',' || flags || ',' LIKE '%,LOCAL_EXPIRY,%')
       AND ',' || flags || ',' NOT LIKE '%,LATE_PAYMENT,%' ORDER BY created_at DESC`,
    );
    this.waitingStmt = db
      .prepare(
        "SELECT COUNT(*) FROM charges WHERE status IN ('UNCERTAIN', 'SUBMITTING') OR (status = 'PENDING' AND expires_at < ?)",
      )
      .pluck();
    this.historyStmt = db.prepare(
      'INSERT INTO charge_history (charge_id, from_status, to_status, source, detail, at) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  insert(c: ChargeRecord, h: HistoryEntry | HistoryEntry[]): void {
    this.db.transaction(() => {
      this.insertStmt.run(toRow(c));
      for (const line of [h].flat()) this.addHistory(c.id, line);
      this.onSaved(c, [h].flat());
    })();
  }

  /** Saves the record and its history lines, in one transaction (joins an outer one). */
  save(c: ChargeRecord, h: HistoryEntry | HistoryEntry[] = []): void {
    this.db.transaction(() => {
      this.updateStmt.run(toRow(c));
      for (const line of [h].flat()) this.addHistory(c.id, line);
      this.onSaved(c, [h].flat());
    })();
  }

  addHistory(id: string, h: HistoryEntry): void {
    this.historyStmt.run(id, h.from ?? null, h.to, h.source, h.detail ?? null, h.at);
  }

  get(id: string): ChargeRecord | undefined {
    return readOne(this.byIdStmt, fromRow, id);
  }

  /** By our external id or the PSP's transaction id. */
  findByAnyId(ids: string[]): ChargeRecord | undefined {
    return readByAnyId(this.anyIdStmt, fromRow, ids);
  }

  list(
    filter: { from?: number; to?: number; status?: string; limit?: number } = {},
  ): ChargeRecord[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.from !== undefined) {
      where.push('created_at >= ?');
      args.push(filter.from);
    }
    if (filter.to !== undefined) {
      where.push('created_at < ?');
      args.push(filter.to);
    }
    if (filter.status) {
      where.push('status = ?');
      args.push(filter.status);
    }
    const sql = `SELECT * FROM charges ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, rowid DESC LIMIT ?`;
    return readAll(this.db.prepare(sql), fromRow, ...args, filter.limit ?? 500);
  }

  /** Charges that still wait for something: submitted, uncertain or pending. */
  open(): ChargeRecord[] {
    return readAll(this.openStmt, fromRow);
  }

  /** Each open charge, one at a time (as `open`, without an array of them all). */
  eachOpen(visit: (c: ChargeRecord) => void): void {
    eachRow(this.openStmt, fromRow, visit);
  }

  /**
   * Charges this terminal closed itself (canceled or expired here) since `from`, without a late
   * payment yet: the PSP may still be paid for them. Every one (the reconciler used `list`, whose
   * 500 newest left a busy day's earlier ones unasked).
   */
  closedHereSince(from: number): ChargeRecord[] {
    return readAll(this.closedHereStmt, fromRow, from);
  }

  /** Each of `closedHereSince`, one at a time. */
  eachClosedHereSince(from: number, visit: (c: ChargeRecord) => void): void {
    eachRow(this.closedHereStmt, fromRow, visit, from);
  }

  /**
   * Pending charges whose local expiry time has come, oldest deadline first, `limit` at a time
   * after `after` (the last one of the previous page): a burst of expiries is read in pages, not
   * as one array of every record (issue 35: 30,000 at once left ~44 MiB resident after GC).
   */
  pendingDue(
    now: number,
    limit = 50,
    after: { expiresAt: number; id: string } = { expiresAt: -Infinity, id: '' },
  ): ChargeRecord[] {
    return readAll(this.dueStmt, fromRow, {
      now,
      limit,
      afterAt: Number.isFinite(after.expiresAt) ? after.expiresAt : -1e300,
      afterId: after.id,
    });
  }

  /** Charges waiting on the PSP: uncertain, submitting, or pending past their expiry. */
  countWaiting(now: number): number {
    return this.waitingStmt.get(now) as number;
  }

  history(id: string): HistoryEntry[] {
    const sql = 'SELECT * FROM charge_history WHERE charge_id = ? ORDER BY id';
    return readAll(this.db.prepare(sql), historyFromRow, id);
  }
}
