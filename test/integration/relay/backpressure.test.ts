import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { newRelayChannel } from '../../helpers/relay-channel';
import { relayProcessForFile } from '../../helpers/relay-process-for-file';

// A subscriber that stops reading must not make the relay's memory grow with the backlog:
// 40 MB of callbacks pile up for it while its socket is full; the relay's RSS stays bounded.
const ADMIN = 'backpressure-admin-token-0123456789';
const relay = relayProcessForFile({ adminToken: ADMIN, nodeFlags: ['--expose-gc'] });

/** After a full GC in the relay: its V8 heap (what it retains) and its RSS, in MB. */
const memory = async () => {
  relay.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 300));
  const metrics = await (
    await fetch(`${relay.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
  ).text();
  return {
    heap:
      (Number(/nodejs_heap_size_used_bytes (\d+)/.exec(metrics)![1]) +
        Number(/nodejs_external_memory_bytes (\d+)/.exec(metrics)![1])) /
      2 ** 20,
    rss:
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${relay.child.pid}/status`, 'utf8'))![1]) /
      1024,
  };
};

describe('back-pressure', () => {
  it('a stalled subscriber does not grow the relay past a bound', async () => {
    const ch = await newRelayChannel(relay.url, ADMIN);
    // The stalled subscriber: it sends its request and never reads a byte.
    const stalled = net.connect(Number(new URL(relay.url).port), '127.0.0.1');
    stalled.on('connect', () => {
      stalled.write(
        `GET /channels/${ch.channelId}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ch.token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
      stalled.pause();
    });
    await new Promise((r) => setTimeout(r, 300));
    const before = await memory();
    const body = JSON.stringify({ status: 'PAID', pad: 'x'.repeat(4000) });
    for (let i = 0; i < 10_000; i += 50) {
      const batch = Array.from({ length: 50 }, () =>
        fetch(`${relay.url}/hooks/${ch.channelId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }).then((r) => r.status),
      );
      expect((await Promise.all(batch)).every((s) => s === 200 || s === 429)).toBe(true);
      await new Promise((r) => setTimeout(r, 25));
    }
    const after = await memory();
    const metrics = await (
      await fetch(`${relay.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
    ).text();
    const received = Number(/relay_callbacks_received_total (\d+)/.exec(metrics)![1]);
    const delivered = Number(/relay_events_delivered_total (\d+)/.exec(metrics)![1]);
    expect(received * 4000).toBeGreaterThan(30 * 1024 * 1024); // over 30 MB stored for it…
    expect(delivered).toBeLessThan(received / 2); // …most of it never written to the stalled socket…
    // …and the relay did not hold it: what it retains (V8 heap + buffers) stays flat. RSS is
    // reported, not asserted: the allocator keeps freed request buffers mapped.
    expect(
      after.heap - before.heap,
      `RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB`,
    ).toBeLessThan(8);
    stalled.destroy();
  }, 90_000);
});
