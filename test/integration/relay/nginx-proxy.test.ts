import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import yaml from 'js-yaml';
import { Agent, fetch as uFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestCa } from '../../../sandbox/api-pix/pki';
import { tempDir } from '../../helpers/core';
import { startRedisPair } from '../../helpers/redis-pair';
import { freePort } from '../../helpers/relay-process';

// The deployment sample relay/deploy/nginx.conf, run as is by Debian's nginx on loopback (only
// the lines marked `# test:` change): TLS in front of two relay instances on one shared store.
// A callback reaches a store through the proxy, a terminal's stream is not buffered by it, and
// with one instance gone every callback still gets its 200 from the other.
const ADMIN = 'nginx-proxy-admin-token-0123456789';
let pair: Awaited<ReturnType<typeof startRedisPair>>;
let nginx: ChildProcess;
let base: string;
let tls: Agent;
/** Instance A loses its store (as when its link to the engine is cut): it answers 503. */
let cutA = false;

/** The sample with this test's ports, certificate and a private prefix for nginx's own files. */
function configFor(dir: string, port: number, upstreams: number[]): string {
  let n = 0;
  const conf = readFileSync(path.resolve('relay/deploy/nginx.conf'), 'utf8')
    .replace(/^(\s*)server \S+ (.*# test: upstream)$/gm, (_m, sp: string, rest: string) => {
      return `${sp}server 127.0.0.1:${upstreams[n++]} ${rest}`;
    })
    .replace(/listen 443 ssl; # test: listen/, `listen 127.0.0.1:${port} ssl;`)
    .replace(/\S+; # test: certificate/, `${dir}/cert.pem;`)
    .replace(/\S+; # test: key/, `${dir}/key.pem;`)
    .replace(
      /^http \{$/m,
      [
        'http {',
        `  access_log off;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (t) => `  ${t}_temp_path ${dir}/${t};`,
        ),
      ].join('\n'),
    );
  expect(n).toBe(2);
  const asRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${asRoot}pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n${conf}`;
}

async function listening(port: number, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), r(true)));
      s.on('error', () => r(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

beforeAll(async () => {
  pair = await startRedisPair(ADMIN);
  const { storeA } = pair;
  const append = storeA.appendChecked!.bind(storeA);
  storeA.appendChecked = (...args) =>
    cutA ? Promise.reject(new Error('store unreachable from this instance')) : append(...args);
  const dir = tempDir('balcao-nginx-');
  mkdirSync(dir, { recursive: true });
  const ca = await TestCa.create('Balcao proxy test CA');
  const cert = await ca.issue({ cn: 'localhost', hosts: ['localhost', '127.0.0.1'] });
  writeFileSync(`${dir}/cert.pem`, cert.certPem);
  writeFileSync(`${dir}/key.pem`, cert.keyPem, { mode: 0o600 });
  const port = await freePort();
  writeFileSync(`${dir}/nginx.conf`, configFor(dir, port, [pair.a.port, pair.b.port]));
  nginx = spawn('nginx', ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  nginx.stderr!.on('data', (d) => (err += d));
  await listening(port).catch((e: Error) => {
    throw new Error(`${e.message}: ${err}`);
  });
  base = `https://127.0.0.1:${port}`;
  tls = new Agent({ connect: { ca: ca.certPem } });
}, 60_000);
afterAll(async () => {
  nginx?.kill('SIGTERM');
  await tls?.close();
  await pair?.stop();
});

const call = (p: string, init: Parameters<typeof uFetch>[1] = {}) =>
  uFetch(`${base}${p}`, { ...init, dispatcher: tls });

/** Reads the channel's stream through the proxy; `seen` grows as events arrive. */
function stream(channelId: string, token: string) {
  const seen: string[] = [];
  const ac = new AbortController();
  const done = (async () => {
    const res = await call(`/channels/${channelId}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: ac.signal,
    });
    expect(res.status).toBe(200);
    const dec = new TextDecoder();
    let text = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += dec.decode(chunk);
      for (const m of text.matchAll(/data: (\{.*\})\n\n/g)) {
        const body = (JSON.parse(m[1]!) as { body: string }).body;
        if (!seen.includes(body)) seen.push(body);
      }
    }
  })().catch(() => undefined);
  return { seen, stop: () => (ac.abort(), done) };
}

/** A new channel, made through the proxy. */
const newChannel = async () =>
  (await (
    await call('/admin/channels', { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } })
  ).json()) as { channelId: string; token: string };

/** A JSON callback for the channel, through the proxy. */
const hook = (channelId: string, body: string) =>
  call(`/hooks/${channelId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

/** Ten callbacks for the channel, one after the other: their statuses. */
async function tenHooks(channelId: string, body: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await hook(channelId, body(i))).status);
  return statuses;
}

const until = async (check: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the relay behind the sample nginx configuration (TLS, two instances)', () => {
  it('a callback through the proxy is stored and reaches the terminal’s open stream at once', async () => {
    const c = await newChannel();
    const s = stream(c.channelId, c.token);
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    const r = await hook(c.channelId, '{"through":"nginx"}');
    expect(r.status).toBe(200);
    // Unbuffered: it arrives while the stream stays open, not when the proxy's buffer fills.
    await until(() => s.seen.includes('{"through":"nginx"}'), 2000);
    expect(Date.now() - t0).toBeLessThan(2000);
    await s.stop();
  });

  it('an instance that cannot store (503) is passed over: the PSP still gets its 200', async () => {
    const c = await newChannel();
    cutA = true;
    const statuses = await tenHooks(c.channelId, (i) => JSON.stringify({ cut: i }));
    cutA = false;
    expect(statuses).toEqual(Array(10).fill(200));
    const s = stream(c.channelId, c.token);
    await until(() => s.seen.length === 10);
    await s.stop();
  });

  it('with one instance gone, every callback still gets its 200 from the other', async () => {
    const c = await newChannel();
    await pair.a.close();
    const statuses = await tenHooks(c.channelId, (i) => JSON.stringify({ n: i }));
    expect(statuses).toEqual(Array(10).fill(200));
    const s = stream(c.channelId, c.token);
    await until(() => s.seen.length === 10);
    await s.stop();
  });

  it('compose.yaml runs this configuration before two relays on the replicated store (no Docker here: read, not run)', () => {
    const doc = yaml.load(readFileSync(path.resolve('relay/deploy/compose.yaml'), 'utf8')) as {
      services: Record<
        string,
        { command?: string[]; volumes?: string[]; healthcheck?: { test: string[] } }
      >;
    };
    const relays = Object.entries(doc.services).filter(([n]) => n.startsWith('relay'));
    expect(relays).toHaveLength(2);
    for (const [, r] of relays) {
      expect(r.command?.join(' ')).toMatch(/--store etcd:\/\/etcd1:2379,etcd2:2379,etcd3:2379/);
      expect(r.healthcheck?.test.join(' ')).toContain('/readyz');
    }
    expect(Object.keys(doc.services).filter((n) => n.startsWith('etcd'))).toHaveLength(3);
    expect(doc.services.proxy?.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
  });
});
