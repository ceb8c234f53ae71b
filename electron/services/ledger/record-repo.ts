import type { Db } from './database';
import { insertSql, readOne, updateSql, type Row } from './sql-rows';

/** How a record is kept in its table: its columns and its mapping to and from a row. */
export interface RecordMapping<T> {
  table: string;
  cols: readonly string[];
  toRow: (rec: T) => Row;
  fromRow: (r: Row) => T;
}

/** A table of whole records keyed by `id`: written whole, rewritten whole, read by id. */
export class RecordRepo<T> {
  constructor(
    protected readonly db: Db,
    private readonly mapping: RecordMapping<T>,
  ) {}

  insert(rec: T): void {
    const { table, cols, toRow } = this.mapping;
    this.db.prepare(insertSql(table, cols)).run(toRow(rec));
  }

  save(rec: T): void {
    const { table, cols, toRow } = this.mapping;
    this.db.prepare(updateSql(table, cols)).run(toRow(rec));
  }

  get(id: string): T | undefined {
    const { table, fromRow } = this.mapping;
    return readOne(this.db.prepare(`SELECT * FROM ${table} WHERE id = ?`), fromRow, id);
  }
}
