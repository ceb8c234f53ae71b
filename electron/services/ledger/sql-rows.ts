import type Database from 'better-sqlite3';

/** A row as better-sqlite3 returns it: column name to value. */
export type Row = Record<string, unknown>;

export type Statement = Database.Statement;

/** Writes a whole record: every column, by name (`@column`), from the record's row. */
export const insertSql = (table: string, cols: readonly string[]): string =>
  `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`;

/** Rewrites a whole record in place: every column but its `id`, which names the row. */
export const updateSql = (table: string, cols: readonly string[]): string =>
  `UPDATE ${table} SET ${cols
    .filter((c) => c !== 'id')
    .map((c) => `${c} = @${c}`)
    .join(', ')} WHERE id = @id`;

/** Every row a read returns, as records. */
export const readAll = <T>(stmt: Statement, fromRow: (r: Row) => T, ...args: unknown[]): T[] =>
  (stmt.all(...args) as Row[]).map(fromRow);

/**
 * Each row a read returns, as a record, one at a time: nothing holds them all (a scan of every
 * open charge made an array of 25,000 records per pass; issue 35). `visit` must not use the
 * database: the statement is still reading.
 */
export function eachRow<T>(
  stmt: Statement,
  fromRow: (r: Row) => T,
  visit: (record: T) => void,
  ...args: unknown[]
): void {
  for (const r of stmt.iterate(...args) as IterableIterator<Row>) visit(fromRow(r));
}

/** The first row a read returns, as a record; undefined when there is none. */
export function readOne<T>(stmt: Statement, fromRow: (r: Row) => T, ...args: unknown[]) {
  const r = stmt.get(...args) as Row | undefined;
  return r ? fromRow(r) : undefined;
}

/** The record of the first of `ids` that names one (the read binds each as `@id`). */
export function readByAnyId<T>(stmt: Statement, fromRow: (r: Row) => T, ids: readonly string[]) {
  for (const id of ids) {
    const found = readOne(stmt, fromRow, { id });
    if (found) return found;
  }
  return undefined;
}

/** Sets the record's optional fields that have a value: a NULL column reads as an absent field. */
export function withPresent<T extends object>(rec: T, optional: { [K in keyof T]?: unknown }): T {
  for (const [k, v] of Object.entries(optional))
    if (v !== null && v !== undefined) (rec as Row)[k] = v;
  return rec;
}
