import type { PixKeyType } from '../../../shared/domain/pix-key';
import type { WithdrawalState } from '../../../shared/views';
import type { Db } from './database';

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
  createdAt: number;
  updatedAt: number;
}

type Row = Record<string, unknown>;
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
  };
  if (r.description !== null) w.description = r.description as string;
  if (r.psp_id !== null) w.pspId = r.psp_id as string;
  if (r.psp_status !== null) w.pspStatus = r.psp_status as string;
  if (r.notice_code !== null) w.noticeCode = r.notice_code as string;
  if (r.notice_text !== null) w.noticeText = r.notice_text as string;
  if (r.receiver_document !== null || r.receiver_name !== null)
    w.receiver = {
      ...(r.receiver_document !== null && { document: r.receiver_document as string }),
      ...(r.receiver_name !== null && { name: r.receiver_name as string }),
    };
  return w;
}

export class WithdrawalsRepo {
  constructor(private readonly db: Db) {}

  insert(w: WithdrawalRecord): void {
    this.db
      .prepare(
        `INSERT INTO withdrawals (${COLS.join(', ')}) VALUES (${COLS.map((c) => `@${c}`).join(', ')})`,
      )
      .run(toRow(w));
  }

  save(w: WithdrawalRecord): void {
    this.db
      .prepare(
        `UPDATE withdrawals SET ${COLS.filter((c) => c !== 'id')
          .map((c) => `${c} = @${c}`)
          .join(', ')} WHERE id = @id`,
      )
      .run(toRow(w));
  }

  get(id: string): WithdrawalRecord | undefined {
    const r = this.db.prepare('SELECT * FROM withdrawals WHERE id = ?').get(id) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  findByAnyId(ids: string[]): WithdrawalRecord | undefined {
    const stmt = this.db.prepare(
      'SELECT * FROM withdrawals WHERE external_id = @id OR psp_id = @id LIMIT 1',
    );
    for (const id of ids) {
      const r = stmt.get({ id }) as Row | undefined;
      if (r) return fromRow(r);
    }
    return undefined;
  }

  list(limit = 200): WithdrawalRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM withdrawals ORDER BY created_at DESC, rowid DESC LIMIT ?')
        .all(limit) as Row[]
    ).map(fromRow);
  }

  open(): WithdrawalRecord[] {
    return (
      this.db
        .prepare(
          "SELECT * FROM withdrawals WHERE status IN ('SUBMITTING', 'UNCERTAIN', 'PROCESSING')",
        )
        .all() as Row[]
    ).map(fromRow);
  }
}
