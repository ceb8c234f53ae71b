import type { Db } from './database';

export interface DefenseRecord {
  infractionId: string;
  analise: string;
  justificativa: string;
  proofs: string[];
  status: 'SENDING' | 'SENT' | 'FAILED' | 'UNCERTAIN';
  resultMessage?: string;
  sentAt: number;
}

/** Every defense the owner sent, with what the PSP answered. */
export class DefensesRepo {
  constructor(private readonly db: Db) {}

  insert(d: DefenseRecord): number {
    return Number(
      this.db
        .prepare(
          'INSERT INTO defenses (infraction_id, analise, justificativa, proofs_json, status, result_message, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          d.infractionId,
          d.analise,
          d.justificativa,
          JSON.stringify(d.proofs),
          d.status,
          d.resultMessage ?? null,
          d.sentAt,
        ).lastInsertRowid,
    );
  }

  finish(rowId: number, status: DefenseRecord['status'], resultMessage?: string): void {
    this.db
      .prepare('UPDATE defenses SET status = ?, result_message = ? WHERE id = ?')
      .run(status, resultMessage ?? null, rowId);
  }

  /** Infractions with a defense sent (or possibly sent). */
  defended(): Set<string> {
    const rows = this.db
      .prepare(
        "SELECT DISTINCT infraction_id FROM defenses WHERE status IN ('SENT', 'UNCERTAIN', 'SENDING')",
      )
      .all() as Array<{ infraction_id: string }>;
    return new Set(rows.map((r) => r.infraction_id));
  }

  /** The latest defense per infraction that was sent (or may have been). */
  latest(): Map<string, DefenseRecord> {
    const rows = this.db
      .prepare(
        "SELECT infraction_id, analise, justificativa, proofs_json, status, result_message, sent_at FROM defenses WHERE status IN ('SENT', 'UNCERTAIN', 'SENDING') ORDER BY id",
      )
      .all() as Array<{
      infraction_id: string;
      analise: string;
      justificativa: string;
      proofs_json: string;
      status: DefenseRecord['status'];
      result_message: string | null;
      sent_at: number;
    }>;
    return new Map(
      rows.map((r) => [
        r.infraction_id,
        {
          infractionId: r.infraction_id,
          analise: r.analise,
          justificativa: r.justificativa,
          proofs: JSON.parse(r.proofs_json) as string[],
          status: r.status,
          ...(r.result_message !== null && { resultMessage: r.result_message }),
          sentAt: r.sent_at,
        },
      ]),
    );
  }
}
