import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrate } from './sqlite-migrations';
import {
  inlineWriter,
  threadWriter,
  type WriteJob,
  type WriteResult,
  type Writer,
} from './sqlite-writer';
import type { ChannelRecord, RelayStore, StoredEvent, WakeListener } from './store';
import { WakeListeners } from './wake-listeners';

interface Job {
  job: WriteJob;
  /** For appends: the channel to wake once committed, and the event (handed to the wake). */
  channelId?: string;
  event?: Omit<StoredEvent, 'id'>;
  resolve(r: number | string): void;
  reject(e: Error): void;
}

export interface SqliteStoreOptions {
  /**
   * Commit in a worker thread (give the resolved path of `better-sqlite3`): the relay's CLI
   * does, so fsyncs overlap with taking the next callbacks. Without it, commits run inline.
   */
  writerThread?: { sqliteModule: string };
  /** Most jobs in one transaction (bounds one commit's time). */
  maxBatch?: number;
}

/**
 * SQLite in WAL mode with synchronous=FULL: an event is on disk before its 200. Appends that
 * arrive while a commit is under way are written together in the next transaction (group
 * commit: one fsync for the batch). Reads use their own connection on the caller's thread;
 * WAL lets them run while the writer commits.
 */
export class SqliteStore implements RelayStore {
  private readonly db: Database.Database;
  private readonly writer: Writer;
  private readonly listeners = new WakeListeners();
  private readonly maxBatch: number;
  private queue: Job[] = [];
  private busy = false;
  private readonly read;
  private readonly readFirst;
  private readonly channel;

  constructor(file: string, o: SqliteStoreOptions = {}) {
    if (!file) throw new Error('relay store: a SQLite file path is required');
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    // SQLite's default page cache (2 MiB), not better-sqlite3's 16 MB: the relay reads by
    // channel and cursor through an index, and the embedded relay shares the app's process.
    this.db.pragma('cache_size = -2000');
    migrate(this.db);
    this.maxBatch = o.maxBatch ?? 1024;
    this.writer =
      o.writerThread && file !== ':memory:'
        ? threadWriter(file, o.writerThread.sqliteModule)
        : inlineWriter(this.db);
    const cols = 'SELECT id, received_at, headers, body FROM events';
    this.read = this.db.prepare(`${cols} WHERE channel_id = ? AND id > ? ORDER BY id LIMIT ?`);
    this.readFirst = this.db.prepare(`${cols} WHERE channel_id = ? ORDER BY id LIMIT ?`);
    this.channel = this.db.prepare('SELECT id, token_hash, created_at FROM channels WHERE id = ?');
  }

  onAppend(listener: WakeListener) {
    this.listeners.add(listener);
  }

  private write(
    job: WriteJob,
    append?: { channelId: string; event: Omit<StoredEvent, 'id'> },
  ): Promise<number | string> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject, ...append });
      this.pump();
    });
  }

  /** Sends everything waiting (up to maxBatch jobs) as one batch: one transaction, one fsync. */
  private pump() {
    if (this.busy || !this.queue.length) return;
    this.busy = true;
    const jobs = this.queue.splice(0, this.maxBatch);
    this.writer.run(jobs.map((j) => j.job)).then(
      (results) => this.settle(jobs, results),
      (e: Error) =>
        this.settle(
          jobs,
          jobs.map(() => ({ ok: false as const, error: e.message })),
        ),
    );
  }

  private settle(jobs: Job[], results: WriteResult[]) {
    this.busy = false;
    // Each channel's new events, in commit order: subscribers that are caught up get them as is.
    const woken = new Map<string, StoredEvent[]>();
    jobs.forEach((j, i) => {
      const r = results[i]!;
      if (!r.ok) return j.reject(new Error(r.error));
      j.resolve(r.result[0]!);
      if (j.channelId === undefined || !j.event) return;
      const e = { id: String(r.result[0]), ...j.event };
      const list = woken.get(j.channelId);
      if (list) list.push(e);
      else woken.set(j.channelId, [e]);
    });
    for (const [c, events] of woken) this.listeners.wake(c, events);
    this.pump();
  }

  async createChannel(c: ChannelRecord) {
    await this.write({
      type: 'exec',
      statements: [
        [
          'INSERT INTO channels (id, token_hash, created_at) VALUES (?, ?, ?)',
          [c.id, c.tokenHash, c.createdAt],
        ],
      ],
    });
  }

  async holds(channelId: string, id: string) {
    return !!this.db
      .prepare('SELECT 1 FROM events WHERE channel_id = ? AND id = ?')
      .get(channelId, Number(id));
  }

  async listChannels() {
    // The newest event by id uses the (channel_id, id) index: one step per channel.
    const rows = this.db
      .prepare(
        `SELECT c.id, c.created_at,
           (SELECT received_at FROM events e WHERE e.channel_id = c.id ORDER BY e.id DESC LIMIT 1) AS last
         FROM channels c ORDER BY c.created_at`,
      )
      .all() as Array<{ id: string; created_at: number; last: number | null }>;
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at, lastEventAt: r.last }));
  }

  async getChannel(id: string) {
    const r = this.channel.get(id) as
      { id: string; token_hash: string; created_at: number } | undefined;
    return r ? { id: r.id, tokenHash: r.token_hash, createdAt: r.created_at } : null;
  }

  async setTokenHash(id: string, tokenHash: string) {
    const changes = await this.write({
      type: 'exec',
      statements: [['UPDATE channels SET token_hash = ? WHERE id = ?', [tokenHash, id]]],
    });
    return changes === 1;
  }

  async deleteChannel(id: string) {
    // Exec answers the changes of its first statement: the channel row.
    const changes = await this.write({
      type: 'exec',
      statements: [
        ['DELETE FROM channels WHERE id = ?', [id]],
        ['DELETE FROM events WHERE channel_id = ?', [id]],
      ],
    });
    return changes === 1;
  }

  async append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string> {
    const id = await this.write(
      {
        type: 'append',
        items: [{ c: channelId, r: e.receivedAt, h: JSON.stringify(e.headers), b: e.body }],
      },
      { channelId, event: e },
    );
    return String(id);
  }

  async readAfter(
    channelId: string,
    afterId: string | null,
    limit: number,
  ): Promise<StoredEvent[]> {
    const rows = (
      afterId === null
        ? this.readFirst.all(channelId, limit)
        : this.read.all(channelId, Number(afterId), limit)
    ) as Array<{ id: number; received_at: number; headers: string; body: Buffer }>;
    return rows.map((r) => ({
      id: String(r.id),
      receivedAt: r.received_at,
      headers: JSON.parse(r.headers) as Record<string, string>,
      body: r.body,
    }));
  }

  /** In slices of 5,000 rows, each its own short transaction: appends go on between them. */
  /** Through the writer (its thread and connection) like every write. */
  async probe() {
    await this.write({
      type: 'exec',
      statements: [['UPDATE channels SET created_at = created_at WHERE 0', []]],
    });
  }

  async purgeBefore(receivedAt: number) {
    let total = 0;
    for (;;) {
      const n = Number(
        await this.write({
          type: 'exec',
          statements: [
            [
              'DELETE FROM events WHERE id IN (SELECT id FROM events WHERE received_at < ? ORDER BY received_at LIMIT 5000)',
              [receivedAt],
            ],
          ],
        }),
      );
      total += n;
      if (n < 5000) return total;
    }
  }

  /** Waits for the writes already accepted, then closes. */
  async close() {
    while (this.busy || this.queue.length) await new Promise((r) => setTimeout(r, 5));
    await this.writer.close();
    this.db.close();
  }
}
