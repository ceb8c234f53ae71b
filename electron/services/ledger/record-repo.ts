import type { Db } from './database';
import { insertSql, readOne, updateSql, type Row, type Statement } from './sql-rows';

/** How a record is kept in its table: its columns and its mapping to and from a row. */
export interface RecordMapping<T> {
  table: string;
  cols: readonly string[];
  toRow: (rec: T) => Row;
  fromRow: (r: Row) => T;
}

/**
 * A table of whole records keyed by `id`: written whole, rewritten whole, read by id. Its three
 * statements are prepared once (a refund's step reads its record several times).
 */
export class RecordRepo<T> {
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly byIdStmt: Statement;

  constructor(
    protected readonly db: Db,
    private readonly mapping: RecordMapping<T>,
  ) {
    const { table, cols } = mapping;
    this.insertStmt = db.prepare(insertSql(table, cols));
    this.updateStmt = db.prepare(updateSql(table, cols));
    this.byIdStmt = db.prepare(`SELECT * FROM ${table} WHERE id = ?`);
  }

  insert(rec: T): void {
    this.insertStmt.run(this.mapping.toRow(rec));
  }

  save(rec: T): void {
    this.updateStmt.run(this.mapping.toRow(rec));
  }

  get(id: string): T | undefined {
    return readOne(this.byIdStmt, this.mapping.fromRow, id);
  }
}
