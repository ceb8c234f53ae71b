import type Database from 'better-sqlite3';

/**
 * The relay's SQLite schema, one step per version (PRAGMA user_version). Append new steps at
 * the end; never edit one that shipped. Each runs in its own transaction with its version bump.
 */
const MIGRATIONS: Array<{ name: string; sql: string }> = [
  {
    // Version 1 is the schema the relay had before versions were kept (user_version 0), so a
    // store made then adopts it as is.
    name: 'channels and events',
    sql: `
      CREATE TABLE IF NOT EXISTS channels (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS events_channel ON events (channel_id, id);
      CREATE INDEX IF NOT EXISTS events_received ON events (received_at);`,
  },
  {
    // Bodies are the exact bytes received (a Latin-1 body's HMAC is over its bytes). Text
    // stored by version 1 was UTF-8 already, so its bytes are kept. The AUTOINCREMENT counter
    // moves with the table: event ids never go back, even when every old event was purged.
    name: 'bodies as bytes',
    sql: `
      CREATE TABLE events_v2 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        headers TEXT NOT NULL,
        body BLOB NOT NULL
      );
      INSERT INTO events_v2 (id, channel_id, received_at, headers, body)
        SELECT id, channel_id, received_at, headers, CAST(body AS BLOB) FROM events;
      UPDATE sqlite_sequence
        SET seq = (SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('events', 'events_v2'))
        WHERE name = 'events_v2';
      INSERT INTO sqlite_sequence (name, seq)
        SELECT 'events_v2', seq FROM sqlite_sequence WHERE name = 'events'
          AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events_v2');
      DROP TABLE events;
      ALTER TABLE events_v2 RENAME TO events;
      CREATE INDEX events_channel ON events (channel_id, id);
      CREATE INDEX events_received ON events (received_at);`,
  },
];

export const RELAY_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the store to the current version; refuses a store written by a newer relay. */
export function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length)
    throw new Error(
      `relay store is at schema version ${version}, newer than this relay (${MIGRATIONS.length}): upgrade the relay`,
    );
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!.sql);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
}
