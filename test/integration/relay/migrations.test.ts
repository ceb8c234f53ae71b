import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELAY_SCHEMA_VERSION } from '../../../relay/sqlite-migrations';
import { SqliteStore } from '../../../relay/sqlite-store';
import { tempDir } from '../../helpers/core';

// The relay's SQLite carries its schema version (PRAGMA user_version); a store written by an
// earlier relay is brought forward on open, keeping every event and the id sequence.
function storeFromBeforeVersions(file: string) {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE channels (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
    CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, channel_id TEXT NOT NULL,
      received_at INTEGER NOT NULL, headers TEXT NOT NULL, body TEXT NOT NULL);
    CREATE INDEX events_channel ON events (channel_id, id);
    CREATE INDEX events_received ON events (received_at);
    INSERT INTO channels VALUES ('c1', 'hash', 1);`);
  const insert = db.prepare(
    'INSERT INTO events (channel_id, received_at, headers, body) VALUES (?, ?, ?, ?)',
  );
  for (let i = 1; i <= 5; i++)
    insert.run('c1', Date.now(), '{"x-event-id":"e"}', `{"n":"ção ${i}"}`);
  db.exec('DELETE FROM events WHERE id > 3'); // purged: ids 4 and 5 must never come back
  db.close();
}

describe('relay store migrations', () => {
  it('a store from before versions: upgraded in place, old events intact, ids keep increasing', async () => {
    const file = path.join(tempDir(), 'relay.sqlite');
    storeFromBeforeVersions(file);
    const store = new SqliteStore(file);
    const old = await store.readAfter('c1', null, 10);
    expect(old.map((e) => [e.id, e.body.toString('utf8')])).toEqual([
      ['1', '{"n":"ção 1"}'],
      ['2', '{"n":"ção 2"}'],
      ['3', '{"n":"ção 3"}'],
    ]);
    expect(old[0]!.headers).toEqual({ 'x-event-id': 'e' });
    expect(await store.getChannel('c1')).toMatchObject({ tokenHash: 'hash' });
    const id = await store.append('c1', {
      receivedAt: Date.now(),
      headers: {},
      body: Buffer.from([0xe7, 0xe3]),
    });
    expect(Number(id)).toBe(6);
    await store.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(RELAY_SCHEMA_VERSION);
    db.close();
    // Opening again is a no-op: same events, same bytes.
    const again = new SqliteStore(file);
    const all = await again.readAfter('c1', null, 10);
    expect(all.map((e) => e.id)).toEqual(['1', '2', '3', '6']);
    expect(all[3]!.body.equals(Buffer.from([0xe7, 0xe3]))).toBe(true);
    await again.close();
  });

  it('a store written by a newer relay is refused, untouched', () => {
    const file = path.join(tempDir(), 'relay.sqlite');
    const db = new Database(file);
    db.pragma(`user_version = ${RELAY_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => new SqliteStore(file)).toThrow(/newer than this relay/);
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(RELAY_SCHEMA_VERSION + 1);
    expect(
      after.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get(),
    ).toEqual({ n: 0 });
    after.close();
  });
});
