import type { Db } from '../ledger/database';
import type { Exchange } from './tef-decide';

/** The PDV exchanges in the ledger (table `pdv_exchanges`): the record is kept whole as JSON. */
export class PdvRepo {
  constructor(private readonly db: Db) {}

  save(e: Exchange): void {
    this.db
      .prepare(
        `INSERT INTO pdv_exchanges (id, command, identifier, state, charge_id, nsu, answer_pending, data, created_at, updated_at)
         VALUES (@id, @command, @identifier, @state, @chargeId, @nsu, @pending, @data, @createdAt, @updatedAt)
         ON CONFLICT (id) DO UPDATE SET state = excluded.state, charge_id = excluded.charge_id,
           nsu = excluded.nsu, answer_pending = excluded.answer_pending, data = excluded.data,
           updated_at = excluded.updated_at`,
      )
      .run({
        id: e.id,
        command: e.command,
        identifier: e.identifier,
        state: e.state,
        chargeId: e.chargeId ?? null,
        nsu: e.nsu ?? null,
        pending: e.answer && !e.answerWritten ? 1 : 0,
        data: JSON.stringify(e),
        createdAt: e.createdAt,
        updatedAt: e.updatedAt,
      });
  }

  get(id: string): Exchange | undefined {
    const r = this.db.prepare('SELECT data FROM pdv_exchanges WHERE id = ?').get(id) as
      { data: string } | undefined;
    return r ? (JSON.parse(r.data) as Exchange) : undefined;
  }

  byCharge(chargeId: string): Exchange[] {
    return this.rows('SELECT data FROM pdv_exchanges WHERE charge_id = ? ORDER BY created_at', [
      chargeId,
    ]);
  }

  /**
   * What a decision needs, oldest first: every exchange still open, and those of the last
   * `sinceMs` (a rewritten request, a late CNF or CNC). Both through an index.
   */
  recent(since: number): Exchange[] {
    return this.rows(
      `SELECT data FROM pdv_exchanges
       WHERE state IN ('creating', 'waiting', 'answered') OR created_at >= ?
       ORDER BY created_at, rowid`,
      [since],
    );
  }

  /** Exchanges not final (creating, waiting, answered): what time alone may settle. */
  open(): Exchange[] {
    return this.rows(
      `SELECT data FROM pdv_exchanges WHERE state IN ('creating', 'waiting', 'answered')
       ORDER BY created_at, rowid`,
      [],
    );
  }

  /** Answers decided but not yet written (a crash, a folder that could not be written). */
  pendingAnswers(): Exchange[] {
    return this.rows(
      'SELECT data FROM pdv_exchanges WHERE answer_pending = 1 ORDER BY created_at, rowid',
      [],
    );
  }

  /** The last `limit` exchanges, newest first (the Integração page). */
  latest(limit: number): Exchange[] {
    return this.rows(
      'SELECT data FROM pdv_exchanges ORDER BY created_at DESC, rowid DESC LIMIT ?',
      [limit],
    );
  }

  private rows(sql: string, args: unknown[]): Exchange[] {
    return (this.db.prepare(sql).all(...args) as Array<{ data: string }>).map(
      (r) => JSON.parse(r.data) as Exchange,
    );
  }
}
