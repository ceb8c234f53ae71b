import type { ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core';
import { freePort, startRelayProcess } from '../../helpers/relay-process';
import { waitFor } from '../../helpers/sandbox';
import { CALLBACK_SECRET as SECRET, relayTerminal } from '../../helpers/terminal';

// The relay as its own process (npm run relay), killed with SIGKILL mid-stream; the terminal's
// real subscriber, intake and SQLite ledger on the other side.
const ADMIN = 'reliability-admin-token-0123456789';
let port: number;
let relayUrl: string;
let storeFile: string;
let relayProc: ChildProcess;

const startRelay = async () =>
  (await startRelayProcess({ adminToken: ADMIN, store: `sqlite:${storeFile}`, port })).child;

/** The terminal side; started right away (`subscriber.stop()` takes it offline). */
const desktop = (channelId: string, token: string, ledgerFile?: string) =>
  relayTerminal({ relayUrl, channelId, token, ...(ledgerFile && { ledgerFile }) });

const sign = (
  body: string,
  eventId: string,
  ts = Math.floor(Date.now() / 1000),
  secret = SECRET,
) => ({
  'content-type': 'application/json',
  'x-event-id': eventId,
  'x-timestamp': String(ts),
  'x-signature': createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex'),
});

beforeAll(async () => {
  port = await freePort();
  relayUrl = `http://127.0.0.1:${port}`;
  storeFile = path.join(tempDir(), 'relay.sqlite');
  relayProc = await startRelay();
});
afterAll(() => {
  relayProc?.kill('SIGKILL');
});

/**
 * A POST on a connection of its own: after the kill -9 test, fetch's pool may hold a socket
 * that sat idle past the server's keep-alive and is closed just as it is reused (fetch does
 * not retry a POST); this test is about signatures, not connection reuse.
 */
function postFresh(url: string, headers: Record<string, string>, body: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function newChannel() {
  const r = await fetch(`${relayUrl}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  return (await r.json()) as { channelId: string; token: string; hookUrl: string };
}

describe('relay reliability (loopback, bounded)', () => {
  it('kill -9 of the relay during 2,000 callbacks at 500/s: every callback answered 200 is applied exactly once', async () => {
    const ch = await newChannel();
    const d = desktop(ch.channelId, ch.token);
    const acked = new Set<string>();
    const sent: Promise<void>[] = [];
    const agent = { keepalive: false } as RequestInit;
    for (let i = 0; i < 2000; i++) {
      if (i === 1000) {
        relayProc.kill('SIGKILL');
        setTimeout(() => void startRelay().then((p) => (relayProc = p)), 300);
      }
      const eventId = `evt-${i}-${randomUUID()}`;
      const body = JSON.stringify({ transactionId: `tx-${i}`, status: 'PAID', amount: 1 });
      sent.push(
        fetch(ch.hookUrl, {
          ...agent,
          method: 'POST',
          headers: sign(body, eventId),
          body,
          signal: AbortSignal.timeout(5000),
        })
          .then(async (r) => {
            if (r.status === 200) acked.add(eventId);
            await r.arrayBuffer();
          })
          .catch(() => undefined),
      );
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(sent);
    expect(acked.size).toBeGreaterThan(1000);
    const applied = () =>
      new Set(
        (
          d.ledger.db.prepare('SELECT event_id FROM callback_events').all() as Array<{
            event_id: string;
          }>
        ).map((r) => r.event_id),
      );
    await waitFor(() => [...acked].every((id) => applied().has(id)), 30_000, 200);
    const rows = d.ledger.db
      .prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT event_id) AS u FROM callback_events')
      .get() as { n: number; u: number };
    expect(rows.n).toBe(rows.u);
    expect(d.states).toContain('reconnecting');
    d.subscriber.stop();
    d.ledger.close();
  }, 90_000);

  it('forged, tampered, stale, future-dated and replayed callbacks are rejected and counted; valid ones after them apply', async () => {
    const ch = await newChannel();
    const d = desktop(ch.channelId, ch.token);
    const body = JSON.stringify({ transactionId: 'tx-x', status: 'PAID' });
    const now = Math.floor(Date.now() / 1000);
    const valid = sign(body, 'evt-valid-1');
    const posts: Array<[Record<string, string>, string]> = [
      [sign(body, 'evt-forged', now, 'attacker-secret'), body],
      [sign(body, 'evt-tampered'), body.replace('PAID', 'PAYD')],
      // An hour off, not a second past the 300 s tolerance: on a busy machine the terminal may
      // verify a few seconds after `now`, and `now + 301` would then be within tolerance.
      [sign(body, 'evt-stale', now - 3600), body],
      [sign(body, 'evt-future', now + 3600), body],
      [valid, body],
      [valid, body], // replay of the same event: applied once
      [{ ...valid, 'x-timestamp': String(now + 5) }, body], // replay with a fresh timestamp: signature no longer matches
      [sign(body, 'evt-valid-2'), body],
    ];
    for (const [headers, b] of posts) expect(await postFresh(ch.hookUrl, headers, b)).toBe(200);
    await waitFor(() => d.ledger.events.seen('evt-valid-2'), 10_000);
    expect(d.ledger.events.rejections()).toEqual({
      CALLBACK_BAD_SIGNATURE: 3,
      CALLBACK_STALE: 1,
      CALLBACK_FUTURE: 1,
    });
    for (const id of ['evt-forged', 'evt-tampered', 'evt-stale', 'evt-future'])
      expect(d.ledger.events.seen(id)).toBe(false);
    expect(d.ledger.events.seen('evt-valid-1')).toBe(true);
    d.subscriber.stop();
    d.ledger.close();
  });

  // Time offline is not what the relay keeps: the count is (its cursor, its store). The same 300
  // callbacks that arrived over 60 s arrive here over 6 s (BALCAO_OFFLINE_SECONDS=60 spreads
  // them over a minute again, one every 200 ms).
  it('a terminal offline while 300 callbacks arrive catches up in order when it comes back', async () => {
    const seconds = Number(process.env.BALCAO_OFFLINE_SECONDS ?? 6);
    const count = 300;
    const ch = await newChannel();
    const online = desktop(ch.channelId, ch.token);
    const first = JSON.stringify({ transactionId: 'tx-first', status: 'PAID' });
    await fetch(ch.hookUrl, { method: 'POST', headers: sign(first, 'late-0000'), body: first });
    await waitFor(() => online.ledger.events.seen('late-0000'), 10_000);
    online.subscriber.stop(); // the terminal goes offline; its ledger and cursor stay
    const file = online.ledger.db.name;
    online.ledger.close();

    let n = 1;
    const start = Date.now();
    for (; n <= count; n++) {
      const id = `late-${String(n).padStart(4, '0')}`;
      const body = JSON.stringify({ transactionId: `tx-${id}`, status: 'PAID' });
      expect(
        (await fetch(ch.hookUrl, { method: 'POST', headers: sign(body, id), body })).status,
      ).toBe(200);
      const due = start + (n * seconds * 1000) / count;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    }
    const last = `late-${String(n - 1).padStart(4, '0')}`;

    const back = desktop(ch.channelId, ch.token, file);
    await waitFor(() => back.ledger.events.seen(last), 15_000);
    const order = (
      back.ledger.db.prepare('SELECT event_id FROM callback_events ORDER BY rowid').all() as Array<{
        event_id: string;
      }>
    ).map((r) => r.event_id);
    expect(order).toEqual([...order].sort());
    expect(order).toHaveLength(n);
    back.subscriber.stop();
    back.ledger.close();
  }, 120_000);
});
