import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../../../relay/sqlite-store';
import { tempDir } from '../../helpers/core';

// Group commit: writes that arrive together share one transaction (one fsync), each with its
// own result; a write that fails, fails alone.
const sqliteModule = createRequire(import.meta.url).resolve('better-sqlite3');

describe.each([
  ['inline', {}],
  ['writer thread', { writerThread: { sqliteModule } }],
])('SQLite store, commits %s', (_name, options) => {
  it('500 concurrent appends and a failing write: every append durable, in order, only the bad write refused', async () => {
    const file = path.join(tempDir(), 'relay.sqlite');
    const store = new SqliteStore(file, options);
    await store.createChannel({ id: 'c', tokenHash: 'x', createdAt: 0 });
    const appends = Array.from({ length: 500 }, (_, i) =>
      store.append('c', {
        receivedAt: Date.now(),
        headers: { n: String(i) },
        body: Buffer.from([i % 256]),
      }),
    );
    // Same id again: refused by the primary key, in the middle of the batch.
    const duplicate = store.createChannel({ id: 'c', tokenHash: 'y', createdAt: 1 });
    const more = store.append('c', { receivedAt: Date.now(), headers: {}, body: Buffer.from('z') });
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    const ids = (await Promise.all([...appends, more])).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(501);
    await store.close();

    const reopened = new SqliteStore(file);
    const events = await reopened.readAfter('c', null, 1000);
    expect(events).toHaveLength(501);
    expect(events[499]!.headers).toEqual({ n: '499' });
    expect(events[499]!.body.equals(Buffer.from([499 % 256]))).toBe(true);
    expect((await reopened.getChannel('c'))!.tokenHash).toBe('x');
    await reopened.close();
  });
});
