import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startRelay } from '../../../relay/server';
import { SqliteStore } from '../../../relay/sqlite-store';
import { tempDir } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';

// The relay's logs (Fastify's pino logger: JSON lines, secrets and tokens never written, channel
// ids shortened) and its hourly retention purge (a failure is logged, never an unhandled
// rejection that would end the process).
const ADMIN = 'logs-admin-token-0123456789abcdef';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream, json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('relay logs', () => {
  it('one JSON line per request, no admin or channel token, channel ids shortened to six characters', async () => {
    const log = capture();
    const relay = await startRelay({
      store: new SqliteStore(`${tempDir()}/relay.sqlite`),
      adminToken: ADMIN,
      log: { level: 'info', stream: log.stream },
    });
    closers.push(() => relay.close());
    const c = (await (
      await fetch(`${relay.url}/admin/channels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}` },
      })
    ).json()) as { channelId: string; token: string };
    await fetch(`${relay.url}/hooks/${c.channelId}?token=${c.token}`, {
      method: 'POST',
      body: JSON.stringify({ secret: 'x' }),
    });
    await fetch(`${relay.url}/admin/channels/${c.channelId}/rotate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    const ac = new AbortController();
    await fetch(`${relay.url}/channels/${c.channelId}/events`, {
      headers: { authorization: `Bearer ${c.token}` },
      signal: ac.signal,
    }).catch(() => undefined);
    ac.abort();
    await waitFor(() => log.lines.some((l) => l.includes('/hooks/')), 5000);

    const all = log.lines.join('\n');
    const entries = log.json(); // every line parses as JSON
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(all).not.toContain(ADMIN);
    expect(all).not.toContain(c.token);
    expect(all).not.toContain(c.channelId);
    expect(all).toContain(`/hooks/${c.channelId.slice(0, 6)}…`);
    const hook = entries.find((e) => JSON.stringify(e).includes('/hooks/'))!;
    expect(hook).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    expect(typeof hook.responseTime).toBe('number');
    // One line per completed request, not an "incoming" line too.
    expect(entries.filter((e) => e.msg === 'incoming request')).toHaveLength(0);
  });
});

describe('hourly purge', () => {
  it('a failing purge is logged and retried on the next round; the relay stays up', async () => {
    const log = capture();
    const store = new SqliteStore(`${tempDir()}/relay.sqlite`);
    let calls = 0;
    store.purgeBefore = async () => {
      calls++;
      throw new Error('disk I/O error');
    };
    const relay = await startRelay({
      store,
      adminToken: ADMIN,
      purgeIntervalMs: 30,
      log: { level: 'info', stream: log.stream },
    });
    closers.push(() => relay.close());
    await waitFor(() => calls >= 3, 5000);
    const failures = log.json().filter((e) => e.msg === 'purging old events failed');
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(failures[0])).toContain('disk I/O error');
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
  });

  it('a purge that succeeds logs how many events it removed', async () => {
    const log = capture();
    const store = new SqliteStore(`${tempDir()}/relay.sqlite`);
    const relay = await startRelay({
      store,
      adminToken: ADMIN,
      retentionDays: 1 / 86_400_000, // one millisecond
      log: { level: 'info', stream: log.stream },
    });
    closers.push(() => relay.close());
    await store.createChannel({ id: 'c1', tokenHash: 'x', createdAt: 0 });
    await store.append('c1', {
      receivedAt: Date.now() - 1000,
      headers: {},
      body: Buffer.from('a'),
    });
    await relay.purge();
    expect(log.json().find((e) => e.msg === 'old events purged')).toMatchObject({ purged: 1 });
  });
});
