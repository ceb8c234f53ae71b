import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startRelay } from '../../../relay/server';
import { SqliteStore } from '../../../relay/sqlite-store';
import { tempDir } from '../../helpers/core';
import { startRelayProcess } from '../../helpers/relay-process';
import { waitFor } from '../../helpers/sandbox';

// Slow and hostile clients: a body sent a byte at a time is cut after a bound, slow clients
// cannot take the descriptors genuine callbacks need, and refused requests are logged as
// counts, not a line each (token guessing once wrote 139 MB of logs in 45 s).
const ADMIN = 'slow-clients-admin-token-0123456789';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function channel(url: string) {
  const r = await fetch(`${url}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  return (await r.json()) as { channelId: string; token: string };
}

/** A client that sends a callback's headers and a few bytes of its body, then nothing. */
function slowPost(port: number, channelId: string) {
  const s = net.connect(port, '127.0.0.1');
  const got: Buffer[] = [];
  s.on('data', (b) => got.push(b));
  s.on('error', () => undefined);
  s.on('connect', () =>
    s.write(
      `POST /hooks/${channelId} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"st`,
    ),
  );
  const closed = new Promise<void>((r) => s.on('close', () => r()));
  return { socket: s, answer: () => Buffer.concat(got).toString(), closed };
}

const genuine = (url: string, channelId: string, i: number) =>
  fetch(`${url}/hooks/${channelId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'PAID', n: i }),
    signal: AbortSignal.timeout(10_000),
  }).then(
    (r) => r.status,
    () => 0,
  );

describe('slow and hostile clients', () => {
  it('a body that does not arrive within the bound is answered 408 and cut; nothing is stored', async () => {
    const store = new SqliteStore(`${tempDir()}/relay.sqlite`);
    const relay = await startRelay({ store, adminToken: ADMIN, bodyTimeoutMs: 700 });
    cleanups.push(() => relay.close());
    const c = await channel(relay.url);
    const slow = slowPost(relay.port, c.channelId);
    // Headers that never finish are cut too (Node's headersTimeout, swept every bound).
    const headersOnly = net.connect(relay.port, '127.0.0.1');
    headersOnly.on('error', () => undefined);
    headersOnly.resume();
    headersOnly.write('POST /hooks/x HTTP/1.1\r\nHost: x\r\n');
    const headersClosed = new Promise<void>((r) => headersOnly.on('close', () => r()));
    await slow.closed;
    expect(slow.answer()).toMatch(/^HTTP\/1\.1 408/);
    expect(slow.answer()).toContain('TIMEOUT');
    await headersClosed;
    expect(await store.readAfter(c.channelId, null, 10)).toEqual([]);
    expect(await genuine(relay.url, c.channelId, 1)).toBe(200);
    expect(await relay.metrics.text()).toContain(
      'relay_callbacks_rejected_total{reason="slow_timeout"} 1',
    );
  });

  it('with 256 descriptors, 400 slow clients held: 10 of 10 genuine callbacks are stored', async () => {
    const r = await startRelayProcess({
      adminToken: ADMIN,
      store: `sqlite:${tempDir()}/relay.sqlite`,
      args: ['--body-timeout', '60', '--fd-reserve', '64', '--log-level', 'warn'],
      wrap: ['prlimit', '--nofile=256:256', '--'],
    });
    const relay: ChildProcess = r.child;
    cleanups.push(() => relay.kill('SIGKILL'));
    const c = await channel(r.url);
    const slow = Array.from({ length: 400 }, () => slowPost(r.port, c.channelId));
    cleanups.push(() => slow.forEach((s) => s.socket.destroy()));
    await new Promise((res) => setTimeout(res, 1500));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await genuine(r.url, c.channelId, i));
    expect(statuses).toEqual(Array(10).fill(200));
    // The slow clients are held, not all refused at the door: most of the newest still wait.
    const open = slow.filter((s) => !s.socket.destroyed).length;
    expect(open).toBeGreaterThan(100);
    const metrics = await (
      await fetch(`${r.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
    ).text();
    expect(metrics).toMatch(/relay_callbacks_rejected_total\{reason="slow_evicted"\} \d+/);
  }, 60_000);

  it('2,000 refused requests (bad tokens, unknown channels, bad admin token) are a few counted lines', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const relay = await startRelay({
      store: new SqliteStore(`${tempDir()}/relay.sqlite`),
      adminToken: ADMIN,
      refusalLogIntervalMs: 300,
      log: { level: 'info', stream },
    });
    cleanups.push(() => relay.close());
    const c = await channel(relay.url);
    const before = lines.length;
    for (let i = 0; i < 2000; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => {
          const k = (i + j) % 3;
          if (k === 0)
            return fetch(`${relay.url}/channels/${c.channelId}/events`, {
              headers: { authorization: `Bearer guess-${i + j}` },
            });
          if (k === 1)
            return fetch(`${relay.url}/hooks/guess-${i + j}`, { method: 'POST', body: '{}' });
          return fetch(`${relay.url}/admin/channels`, {
            method: 'POST',
            headers: { authorization: `Bearer guess-${i + j}` },
          });
        }),
      );
    await waitFor(() => {
      const counted = lines
        .slice(before)
        .map((l) => JSON.parse(l) as { msg: string; total?: number })
        .filter((e) => e.msg === 'requests refused');
      return counted.reduce((a, e) => a + (e.total ?? 0), 0) === 2000;
    }, 5000);
    const after = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(after.length).toBeLessThan(40);
    const refused = after
      .filter((e) => e.msg === 'requests refused')
      .map((e) => e.refused as Record<string, number>);
    const sum = (key: string) => refused.reduce((a, r) => a + (r[key] ?? 0), 0);
    expect(sum('events 401 UNAUTHORIZED')).toBe(667);
    expect(sum('hook 404 NOT_FOUND')).toBe(667);
    expect(sum('admin 401 refused')).toBe(666);
    // A genuine callback is still one line of its own.
    expect(await genuine(relay.url, c.channelId, 1)).toBe(200);
    await waitFor(
      () => lines.some((l) => l.includes('"statusCode":200') && l.includes('/hooks/')),
      5000,
    );
  });
});
