import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * Every write to the relay's SQLite goes through one writer, as batches of jobs: `append`
 * (events) and `exec` (statements, in a savepoint of their own); a whole batch is one
 * transaction, so one fsync, and each job gets its own result. The same
 * plain-JavaScript source runs in a worker thread (the relay's CLI: the fsync then never stalls
 * the event loop, and appends arriving meanwhile form the next batch: group commit) or inline
 * (the embedded relay of one terminal).
 */
export type WriteJob =
  | { type: 'append'; items: Array<{ c: string; r: number; h: string; b: Uint8Array }> }
  | { type: 'exec'; statements: Array<[sql: string, params: unknown[]]> };
export type WriteResult =
  { ok: true; result: Array<number | string> } | { ok: false; error: string };

const WRITER_SOURCE = `
function makeWriter(db) {
  const insert = db.prepare('INSERT INTO events (channel_id, received_at, headers, body) VALUES (?, ?, ?, ?)');
  const cache = new Map();
  const prepare = (sql) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const message = (e) => String((e && e.message) || e);
  // Nested in the batch's transaction, an exec runs in its own savepoint: it fails alone.
  const exec = db.transaction((statements) => statements.map(([sql, params]) => prepare(sql).run(...params).changes));
  const batch = db.transaction((jobs) =>
    jobs.map((job) => {
      if (job.type === 'append')
        return { ok: true, result: job.items.map((i) => String(insert.run(i.c, i.r, i.h, Buffer.from(i.b.buffer, i.b.byteOffset, i.b.byteLength)).lastInsertRowid)) };
      try {
        return { ok: true, result: exec(job.statements) };
      } catch (e) {
        return { ok: false, error: message(e) };
      }
    }));
  return (jobs) => {
    try {
      return batch(jobs);
    } catch (e) {
      const error = message(e);
      return jobs.map(() => ({ ok: false, error }));
    }
  };
}`;

const WORKER_MAIN = `${WRITER_SOURCE}
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqliteModule);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
// SQLite's default page cache (2 MiB), not better-sqlite3's 16 MB: the relay reads by
// channel and cursor through an index, and the embedded relay shares the app's process.
db.pragma('cache_size = -2000');
const write = makeWriter(db);
parentPort.on('message', (jobs) => parentPort.postMessage(write(jobs)));`;

export interface Writer {
  /** Runs a batch in one transaction; one result per job (a failed job changed nothing). */
  run(jobs: WriteJob[]): Promise<WriteResult[]>;
  close(): Promise<void>;
}

/** The writer on the caller's thread: each job runs synchronously, on the given connection. */
export function inlineWriter(db: Database.Database): Writer {
  const write = new Function(`${WRITER_SOURCE}; return makeWriter;`)()(db) as (
    jobs: WriteJob[],
  ) => WriteResult[];
  return { run: async (jobs) => write(jobs), close: async () => undefined };
}

/**
 * The writer in its own thread, on its own connection. One batch at a time: the store queues
 * what arrives meanwhile and sends it as the next batch. A crashed worker fails the job in flight (its callbacks get a
 * 500, so the PSP sends them again) and every later one.
 */
export function threadWriter(file: string, sqliteModule: string): Writer {
  const worker = new Worker(WORKER_MAIN, { eval: true, workerData: { file, sqliteModule } });
  worker.unref();
  let current: ((r: WriteResult[] | string) => void) | null = null;
  let dead: string | null = null;
  worker.on('message', (r: WriteResult[]) => {
    const done = current;
    current = null;
    done?.(r);
  });
  const fail = (why: string) => {
    dead = why;
    const done = current;
    current = null;
    done?.(why);
  };
  worker.on('error', (e) => fail(`relay store writer failed: ${e.message}`));
  worker.on('exit', (code) => fail(`relay store writer exited (${code})`));
  return {
    run(jobs) {
      const failed = (why: string) => jobs.map(() => ({ ok: false as const, error: why }));
      if (dead) return Promise.resolve(failed(dead));
      if (current) throw new Error('one write batch at a time');
      return new Promise((resolve) => {
        current = (r) => resolve(typeof r === 'string' ? failed(r) : r);
        worker.postMessage(jobs);
      });
    },
    async close() {
      dead ??= 'relay store closed';
      await worker.terminate();
    },
  };
}
