import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

// In a Node process of its own, as the development host runs it: an unhandled rejection there
// ends the process (Node's default), which is what a failed charge operation used to do.
const script = `
import { KeyedLock } from './electron/services/keyed-lock.ts';
const lock = new KeyedLock();
const order = [];
const failed = lock.run('c1', async () => { order.push('a'); throw new Error('PSP exploded'); });
const next = lock.run('c1', async () => { order.push('b'); return 'ok'; });
await failed.catch((e) => order.push('caught ' + e.message));
order.push(await next);
await lock.run('c1', () => { throw new Error('sync throw'); }).catch(() => order.push('sync caught'));
await lock.idle();
await new Promise((r) => setTimeout(r, 50));
console.log(JSON.stringify({ order, size: lock.size }));
`;

describe('per-charge lock (D6)', () => {
  it('a failed operation rejects only its caller: Node stays up, the next operation runs', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(r.stderr).not.toContain('PSP exploded');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { order: string[]; size: number };
    expect([...out.order].sort()).toEqual(['a', 'b', 'caught PSP exploded', 'ok', 'sync caught']);
    expect(out.order.indexOf('a')).toBeLessThan(out.order.indexOf('b'));
    expect(out.size).toBe(0);
  });
});
