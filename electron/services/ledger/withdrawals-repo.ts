import type { PixKeyType } from '../../../shared/domain/pix-key';
import type { WithdrawalState } from '../../../shared/views';
import type { Db } from './database';
import { RecordRepo } from './record-repo';
import { readAll, readByAnyId, withPresent, type Row, type Statement } from './sql-rows';

export interface WithdrawalRecord {
  id: string;
  externalId: string;
  amountCents: number;
  pixKeyType: PixKeyType;
  pixKey: string;
  description?: string;
  status: WithdrawalState;
  pspId?: string;
  pspStatus?: string;
  noticeCode?: string;
  noticeText?: string;
  flags: string[];
  /** The receiver's CPF/CNPJ (unmasked) and name, sent where the settings name fields. */
  receiver?: { document?: string; name?: string };
  /** Made in DEMO (the embedded sandbox): no money; kept apart from a live closing. */
  demo?: boolean;
  createdAt: number;
  updatedAt: number;
}

const COLS = [
  'id',
  'external_id',
  'amount_cents',
  'pix_key_type',
  'pix_key',
  'description',
  'status',
  'psp_id',
  'psp_status',
  'notice_code',
  'notice_text',
  'flags',
  'receiver_document',
  'receiver_name',
  'demo',
  'created_at',
  'updated_at',
];

const toRow = (w: WithdrawalRecord): Row => ({
  id: w.id,
  external_id: w.externalId,
  amount_cents: w.amountCents,
  pix_key_type: w.pixKeyType,
  pix_key: w.pixKey,
  description: w.description ?? null,
  status: w.status,
  psp_id: w.pspId ?? null,
  psp_status: w.pspStatus ?? null,
  notice_code: w.noticeCode ?? null,
  notice_text: w.noticeText ?? null,
  flags: w.flags.join(','),
  receiver_document: w.receiver?.document ?? null,
  receiver_name: w.receiver?.name ?? null,
  demo: w.demo ? 1 : 0,
  created_at: w.createdAt,
  updated_at: w.updatedAt,
});

function fromRow(r: Row): WithdrawalRecord {
  const w: WithdrawalRecord = {
    id: r.id as string,
    externalId: r.external_id as string,
    amountCents: r.amount_cents as number,
    pixKeyType: r.pix_key_type as PixKeyType,
    pixKey: r.pix_key as string,
    status: r.status as WithdrawalState,
    flags: (r.flags as string) ? (r.flags as string).split(',') : [],
    createdAt: r.created_at as number,
    updatedAt: r.updated_at as number,
    ...(r.demo === 1 && { demo: true }),
  };
  withPresent(w, {
    description: r.description,
    pspId: r.psp_id,
    pspStatus: r.psp_status,
    noticeCode: r.notice_code,
    noticeText: r.notice_text,
  });
  if (r.receiver_document !== null || r.receiver_name !== null)
    w.receiver = {
      ...(r.receiver_document !== null && { document: r.receiver_document as string }),
      ...(r.receiver_name !== null && { name: r.receiver_name as string }),
    };
  return w;
}

export class WithdrawalsRepo extends RecordRepo<WithdrawalRecord> {
  /** Prepared once: every callback about a withdrawal looks it up. */
  private readonly anyIdStmt: Statement;

  constructor(db: Db) {
    super(db, { table: 'withdrawals', cols: COLS, toRow, fromRow });
    this.anyIdStmt = db.prepare(
      'SELECT * FROM withdrawals WHERE external_id = @id OR psp_id = @id LIMIT 1',
    );
  }

  findByAnyId(ids: string[]): WithdrawalRecord | undefined {
    return readByAnyId(this.anyIdStmt, fromRow, ids);
  }

  list(limit = 200): WithdrawalRecord[] {
    const sql = 'SELECT * FROM withdrawals ORDER BY created_at DESC, rowid DESC LIMIT ?';
    return readAll(this.db.prepare(sql), fromRow, limit);
  }

  open(): WithdrawalRecord[] {
    const sql =
      "SELECT * FROM withdrawals WHERE status IN ('SUBMITTING', 'UNCERTAIN', 'PROCESSING')";
    return readAll(this.db.prepare(sql), fromRow);
  }
}
