import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ChannelRecord, RelayStore, StoredEvent } from './store';
import { waitForSignal } from './wait';

interface Pending {
  channelId: string;
  e: Omit<StoredEvent, 'id'>;
  resolve(id: string): void;
  reject(err: Error): void;
}

/**
 * SQLite in WAL mode with synchronous=FULL: an event is on disk before its 200. Appends that
 * arrive together are written in one transaction (group commit: one fsync for the batch), so
 * durability does not cost throughput.
 */
export class SqliteStore implements RelayStore {
  private readonly db: Database.Database;
  private readonly notify = new EventEmitter();
  private queue: Pending[] = [];
  private flushing = false;
  private readonly insert;
  private readonly read;
  private readonly readFirst;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS channels (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS events_channel ON events (channel_id, id);
      CREATE INDEX IF NOT EXISTS events_received ON events (received_at);
    `);
    this.notify.setMaxListeners(0);
    this.insert = this.db.prepare(
      'INSERT INTO events (channel_id, received_at, headers, body) VALUES (?, ?, ?, ?)',
    );
    this.read = this.db.prepare(
      'SELECT id, received_at, headers, body FROM events WHERE channel_id = ? AND id > ? ORDER BY id LIMIT ?',
    );
    this.readFirst = this.db.prepare(
      'SELECT id, received_at, headers, body FROM events WHERE channel_id = ? ORDER BY id LIMIT ?',
    );
  }

  async createChannel(c: ChannelRecord) {
    this.db
      .prepare('INSERT INTO channels (id, token_hash, created_at) VALUES (?, ?, ?)')
      .run(c.id, c.tokenHash, c.createdAt);
  }

  async getChannel(id: string) {
    const r = this.db
      .prepare('SELECT id, token_hash, created_at FROM channels WHERE id = ?')
      .get(id) as { id: string; token_hash: string; created_at: number } | undefined;
    return r ? { id: r.id, tokenHash: r.token_hash, createdAt: r.created_at } : null;
  }

  async setTokenHash(id: string, tokenHash: string) {
    return (
      this.db.prepare('UPDATE channels SET token_hash = ? WHERE id = ?').run(tokenHash, id)
        .changes === 1
    );
  }

  async deleteChannel(id: string) {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM events WHERE channel_id = ?').run(id);
      return this.db.prepare('DELETE FROM channels WHERE id = ?').run(id).changes === 1;
    })();
  }

  append(channelId: string, e: Omit<StoredEvent, 'id'>): Promise<string> {
    return new Promise((resolve, reject) => {
      this.queue.push({ channelId, e, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    const batch = this.queue;
    this.queue = [];
    this.flushing = false;
    try {
      const ids = this.db.transaction(() =>
        batch.map((p) =>
          String(
            this.insert.run(p.channelId, p.e.receivedAt, JSON.stringify(p.e.headers), p.e.body)
              .lastInsertRowid,
          ),
        ),
      )();
      batch.forEach((p, i) => p.resolve(ids[i]!));
      for (const channel of new Set(batch.map((p) => p.channelId))) this.notify.emit(channel);
    } catch (err) {
      for (const p of batch) p.reject(err as Error);
    }
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
    ) as Array<{
      id: number;
      received_at: number;
      headers: string;
      body: string;
    }>;
    return rows.map((r) => ({
      id: String(r.id),
      receivedAt: r.received_at,
      headers: JSON.parse(r.headers),
      body: r.body,
    }));
  }

  waitForNew(
    channelId: string,
    _afterId: string | null,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<void> {
    return waitForSignal(this.notify, channelId, timeoutMs, signal).promise;
  }

  async purgeBefore(receivedAt: number) {
    return this.db.prepare('DELETE FROM events WHERE received_at < ?').run(receivedAt).changes;
  }

  async close() {
    if (this.queue.length) this.flush();
    this.db.close();
  }
}
