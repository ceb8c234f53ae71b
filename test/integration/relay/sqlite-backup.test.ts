// An operator copies the relay's store while it runs, loses the store, puts the copy back:
// channels and stored callbacks are all there.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupRelayStore } from '../../../relay/sqlite-backup';
import { SqliteStore } from '../../../relay/sqlite-store';
import { tempDir } from '../../helpers/core';

describe('relay SQLite backup', () => {
  it('copies a running store; the copy restored holds every channel and callback', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'relay.sqlite');
    const store = new SqliteStore(file);
    await store.createChannel({ id: 'c', tokenHash: 'x', createdAt: 0 });
    for (let i = 0; i < 20; i++)
      await store.append('c', { receivedAt: i, headers: {}, body: Buffer.from(`e${i}`) });

    const copy = path.join(dir, 'relay-copy.sqlite');
    expect(await backupRelayStore(file, copy)).toEqual({ file: copy, channels: 1, events: 20 });
    await store.close();

    // The store is lost; the documented restore is a copy of the backup onto its path.
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    copyFileSync(copy, file);
    const restored = new SqliteStore(file);
    expect(await restored.getChannel('c')).toMatchObject({ tokenHash: 'x' });
    const events = await restored.readAfter('c', null, 100);
    expect(events.map((e) => e.body.toString())).toEqual(
      Array.from({ length: 20 }, (_, i) => `e${i}`),
    );
    await restored.close();
  });

  it('refuses a store that is not there, writing no copy', async () => {
    const dir = tempDir();
    await expect(
      backupRelayStore(path.join(dir, 'none.sqlite'), path.join(dir, 'b.sqlite')),
    ).rejects.toThrow();
  });

  it('npm run relay -- --backup <file> copies the store and says what it holds', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'relay.sqlite');
    const store = new SqliteStore(file);
    await store.createChannel({ id: 'c', tokenHash: 'x', createdAt: 0 });
    await store.append('c', { receivedAt: 1, headers: {}, body: Buffer.from('e') });
    const dest = path.join(dir, 'copy.sqlite');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'relay/cli.ts', '--store', `sqlite:${file}`, '--backup', dest],
      { cwd: path.resolve(import.meta.dirname, '../../..'), encoding: 'utf8', timeout: 60_000 },
    );
    await store.close();
    expect(run.stdout).toContain('1 channels, 1 callbacks');
    expect(run.status).toBe(0);
    expect(existsSync(dest)).toBe(true);
  }, 90_000);
});
