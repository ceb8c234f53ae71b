import net from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startShop } from '../helpers/app-session';
import type { Host } from '../helpers/devhost';
import { perFile } from '../helpers/per-file';

// D1, D2 and the WebSocket gate, against the real development host (`npm run start:browser`
// as a child process): each probe is followed by proof that the host is still up and that
// nothing changed.
const app = perFile(async (own) => {
  const { sb, host } = await startShop();
  own(sb);
  own(host);
  const u = new URL(host.url);
  return {
    host,
    origin: u.origin,
    token: new URLSearchParams(u.hash.slice(1)).get('token')!,
    before: await snapshot(host),
  };
});

/** What a cashier or the owner would see change. */
async function snapshot(host: Host) {
  const [settings, charges, owner] = await Promise.all([
    host.call('settings:get', {}),
    host.call('charges:list', {}),
    host.call('owner:status', {}),
  ]);
  return { settings, charges, owner };
}

async function stillUpAndUnchanged() {
  expect(app.host.child.exitCode).toBeNull();
  expect(await app.host.call('app:info', {})).toMatchObject({ ok: true });
  // A new page load still works too.
  expect((await fetch(`${app.origin}/`)).status).toBe(200);
  expect(await snapshot(app.host)).toEqual(app.before);
}

/** One raw HTTP/1.1 request, bytes exactly as given (no client-side normalisation). */
function raw(requestLine: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(app.origin).port), '127.0.0.1');
    let data = '';
    socket.on('data', (b) => (data += b.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), text: data }),
    );
    socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

function socket(opts: { origin?: string; token?: string } = {}) {
  const t = opts.token ?? app.token;
  return new WebSocket(`ws://${new URL(app.origin).host}/__devhost/ipc?token=${t}`, {
    origin: opts.origin ?? app.origin,
    maxPayload: 0,
  });
}

const opened = (ws: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
const closed = (ws: WebSocket) =>
  new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));

describe('static files (D2)', () => {
  const hostile = [
    'GET /assets HTTP/1.1',
    'GET /assets/ HTTP/1.1',
    'GET /% HTTP/1.1',
    'GET /%E0%A4%A HTTP/1.1',
    'GET /%ff%fe HTTP/1.1',
    'GET /../../../../etc/passwd HTTP/1.1',
    'GET /%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1',
    'GET /assets/..%2f..%2f..%2fpackage.json HTTP/1.1',
    'GET /..%5c..%5cpackage.json HTTP/1.1',
    'GET /index.html%00.png HTTP/1.1',
    'GET //etc/passwd HTTP/1.1',
    'GET /C:%5cWindows HTTP/1.1',
    'GET http://evil.example/../../etc/passwd HTTP/1.1',
    'GET * HTTP/1.1',
    'DELETE /index.html HTTP/1.1',
    'GET /\u00ff\u00fe HTTP/1.1',
    `GET /${'a/'.repeat(4000)} HTTP/1.1`,
  ];
  it.each(hostile.map((l) => [l.length > 60 ? `${l.slice(0, 40)}…` : l, l]))(
    '%s → an HTTP error, no file outside the app, host up',
    async (_name, line) => {
      const r = await raw(line);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.text).not.toMatch(/root:|"name": "balcao"/);
      await stillUpAndUnchanged();
    },
  );

  it('serves the app and its assets, and says 404 for what is not there', async () => {
    const index = await raw('GET / HTTP/1.1');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<script src="/__devhost/bridge.js"></script>');
    const asset = /src="\.(\/assets\/[^"]+\.js)"/.exec(index.text)![1]!;
    expect((await raw(`GET ${asset} HTTP/1.1`)).status).toBe(200);
    expect((await raw('GET /__devhost/bridge.js HTTP/1.1')).status).toBe(200);
    expect((await raw('GET /nope.js HTTP/1.1')).status).toBe(404);
    await stillUpAndUnchanged();
  });
});

describe('WebSocket frames (D1)', () => {
  it('a frame over 256 KiB closes that socket (1009); the host stays up', async () => {
    const ws = socket();
    await opened(ws);
    const done = closed(ws);
    ws.send(
      JSON.stringify({ id: 1, channel: 'owner:unlock', payload: { pin: '1'.repeat(300_000) } }),
    );
    expect((await done).code).toBe(1009);
    await stillUpAndUnchanged();
  });

  it('invalid UTF-8 in a text frame closes that socket (1007); the host stays up', async () => {
    const ws = socket();
    await opened(ws);
    const done = closed(ws);
    ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect((await done).code).toBe(1007);
    await stillUpAndUnchanged();
  });

  it('malformed frames get BAD_FRAME and call nothing', async () => {
    const ws = socket();
    await opened(ws);
    const replies: string[] = [];
    ws.on('message', (d) => replies.push(String(d)));
    const frames = [
      'not json',
      '{"id":"1","channel":"owner:lock"}',
      '{"id":1}',
      'null',
      '[]',
      '{"id":1,"channel":"__proto__","payload":{}}',
      '{"id":2,"channel":"settings:update","payload":{"patch":{"psp":{"baseUrl":"http://evil.example"}}}}',
    ];
    for (const f of frames) ws.send(f);
    ws.send(Buffer.from('{"id":3,"channel":"owner:lock"}'), { binary: true });
    const until = Date.now() + 10_000;
    while (replies.length < frames.length + 1 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(replies.filter((r) => r === '{"error":"BAD_FRAME"}')).toHaveLength(6);
    expect(replies.map((r) => JSON.parse(r) as { result?: { code?: string } })).toContainEqual(
      expect.objectContaining({ result: expect.objectContaining({ code: 'UNKNOWN_CHANNEL' }) }),
    );
    expect(replies.join()).toContain('OWNER_LOCKED');
    ws.close();
    await stillUpAndUnchanged();
  });
});

describe('who may open the IPC socket', () => {
  const refused = async (ws: WebSocket) => {
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => resolve(101));
      ws.once('error', () => resolve(-1));
    });
    ws.terminate();
    return status;
  };

  it.each([
    ['a page of another site', { origin: 'http://evil.example' }],
    ['another loopback port', { origin: 'http://127.0.0.1:1' }],
    ['a lookalike origin', { origin: `${'http://127.0.0.1.evil.example'}:1` }],
    ['no origin (a script outside any browser)', { origin: '' }],
    ['a wrong token', { token: 'x'.repeat(32) }],
    ['no token', { token: '' }],
  ])('%s is refused with 403', async (_what, opts) => {
    expect(await refused(socket(opts))).toBe(403);
    await stillUpAndUnchanged();
  });
});
