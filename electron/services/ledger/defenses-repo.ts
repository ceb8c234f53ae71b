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
}
