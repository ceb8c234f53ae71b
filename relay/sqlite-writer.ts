import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * Every write to the relay's SQLite goes through one writer, as messages: `append` (a batch of
 * events, one transaction, one fsync) and `exec` (statements in one transaction). The same
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
  const append = db.transaction((items) =>
    items.map((i) => String(insert.run(i.c, i.r, i.h, Buffer.from(i.b.buffer, i.b.byteOffset, i.b.byteLength)).lastInsertRowid)));
  const exec = db.transaction((statements) => statements.map(([sql, params]) => prepare(sql).run(...params).changes));
  return (job) => {
    try {
      return { ok: true, result: job.type === 'append' ? append(job.items) : exec(job.statements) };
    } catch (e) {
      return { ok: false, error: String(e && e.message || e) };
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
const write = makeWriter(db);
parentPort.on('message', (job) => parentPort.postMessage(write(job)));`;

export interface Writer {
  /** Runs one job; resolves with its result (a rejected job changed nothing). */
  run(job: WriteJob): Promise<WriteResult>;
  close(): Promise<void>;
}

/** The writer on the caller's thread: each job runs synchronously, on the given connection. */
export function inlineWriter(db: Database.Database): Writer {
  const write = new Function(`${WRITER_SOURCE}; return makeWriter;`)()(db) as (
    j: WriteJob,
  ) => WriteResult;
  return { run: async (job) => write(job), close: async () => undefined };
}

/**
 * The writer in its own thread, on its own connection. One job at a time: the store queues the
 * rest and sends them together. A crashed worker fails the job in flight (its callbacks get a
 * 500, so the PSP sends them again) and every later one.
 */
export function threadWriter(file: string, sqliteModule: string): Writer {
  const worker = new Worker(WORKER_MAIN, { eval: true, workerData: { file, sqliteModule } });
  worker.unref();
  let current: ((r: WriteResult) => void) | null = null;
  let dead: string | null = null;
  worker.on('message', (r: WriteResult) => {
    const done = current;
    current = null;
    done?.(r);
  });
  const fail = (why: string) => {
    dead = why;
    const done = current;
    current = null;
    done?.({ ok: false, error: why });
  };
  worker.on('error', (e) => fail(`relay store writer failed: ${e.message}`));
  worker.on('exit', (code) => fail(`relay store writer exited (${code})`));
  return {
    run(job) {
      if (dead) return Promise.resolve({ ok: false, error: dead });
      if (current) throw new Error('one write job at a time');
      return new Promise((resolve) => {
        current = resolve;
        worker.postMessage(job);
      });
    },
    async close() {
      dead ??= 'relay store closed';
      await worker.terminate();
    },
  };
}
