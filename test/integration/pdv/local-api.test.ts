import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';
import { DEMO_ACCOUNT, eventually, sandbox } from '../../helpers/sandbox';
import { perFile } from '../../helpers/per-file';
import { setPdvPayer } from '../../helpers/pdv-host';

// The local API and `balcao cobrar` against the development host on the PSP sandbox.
const PIN = '2468';
const TOKEN = 'blc_test-token-for-the-local-api-0123456789';
const root = path.resolve(import.meta.dirname, '../../..');
const app = perFile(async (own) => {
  const sb = own(await sandbox());
  const host = own(
    await startHost(['--psp', sb.baseUrl, '--pdv-api-port', '0'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
      BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
      BALCAO_OWNER_PIN: PIN,
      BALCAO_PDV_TOKEN: TOKEN,
      BALCAO_KEYCHAIN_SERVICE: `balcao-test-api-${process.pid}`,
    }),
  );
  const api = await eventually(async () => /PDV API on (\S+)/.exec(host.output())?.[1]);
  await setPdvPayer(host, PIN);
  return { sb, host, api };
});

const call = async (
  method: string,
  p: string,
  o: { body?: unknown; raw?: string; headers?: Record<string, string>; token?: string | null } = {},
) => {
  const res = await fetch(`${app.api}${p}`, {
    method,
    headers: {
      ...(o.token !== null && { authorization: `Bearer ${o.token ?? TOKEN}` }),
      ...((o.body !== undefined || o.raw !== undefined) && { 'content-type': 'application/json' }),
      ...o.headers,
    },
    ...(o.body !== undefined && { body: JSON.stringify(o.body) }),
    ...(o.raw !== undefined && { body: o.raw }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const pspCount = async () => ((await app.sb.control('GET', '/charges')).body as unknown[]).length;
const pay = (externalId: unknown) => app.sb.control('POST', `/charges/${String(externalId)}/pay`);

describe('the local API refuses', () => {
  it('a missing or wrong token (401), any web page (403), an oversized body (413)', async () => {
    expect((await call('GET', '/charges/x', { token: null })).status).toBe(401);
    expect((await call('GET', '/charges/x', { token: 'blc_wrong' })).status).toBe(401);
    const page = await call('POST', '/charges', {
      body: { amountCents: 100, reference: 'web' },
      headers: { origin: 'https://evil.example' },
    });
    expect(page).toEqual({ status: 403, body: { error: 'PDV_API_ORIGIN' } });
    const before = await pspCount();
    const big = await call('POST', '/charges', {
      raw: JSON.stringify({ amountCents: 100, reference: 'big', description: 'x'.repeat(10_000) }),
    });
    expect(big.status).toBe(413);
    // Streamed without a length: cut off past the limit too.
    const streamed = await new Promise<number>((resolve, reject) => {
      const u = new URL(`${app.api}/charges`);
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}` },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.write('{"reference":"s","amountCents":1,"d":"');
      req.end(`${'y'.repeat(8_000)}"}`);
    });
    expect(streamed).toBe(413);
    expect(
      (await call('POST', '/charges', { body: { amountCents: 0, reference: 'z' } })).body,
    ).toEqual({
      error: 'AMOUNT_ZERO',
      field: 'amountCents',
    });
    expect(await pspCount()).toBe(before);
  });
});

describe('hostile input to the local API', () => {
  it('a body of null or a list, a broken %-escape, a huge timeout: a 4xx, never a 500, and it still answers', async () => {
    expect((await call('POST', '/charges', { raw: 'null' })).status).toBe(400);
    expect((await call('POST', '/charges', { raw: '[1,2]' })).status).toBe(400);
    expect((await call('POST', '/charges', { raw: '{"amountCents":1e400}' })).status).toBe(422);
    expect((await call('GET', '/charges/%E0%A4%A')).status).toBe(400);
    expect((await call('GET', '/charges/nada/wait?timeout=1e999')).status).toBe(404);
    expect((await call('GET', '/charges/x', { token: 'x'.repeat(3000) })).status).toBe(401);
    expect((await call('GET', '/charges/x')).status).toBe(404);
  });
});

describe('a sale through the local API', () => {
  it('is idempotent by reference, and `wait` answers the moment it is paid', async () => {
    const before = await pspCount();
    const first = await call('POST', '/charges', {
      body: { amountCents: 1990, reference: 'venda-1' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reference: 'venda-1', status: 'PENDING', paid: false });
    expect(String(first.body.brcode)).toContain('540519.90');
    const again = await call('POST', '/charges', {
      body: { amountCents: 1990, reference: 'venda-1' },
    });
    expect(again.status).toBe(200);
    expect(again.body.chargeId).toBe(first.body.chargeId);
    const other = await call('POST', '/charges', {
      body: { amountCents: 2000, reference: 'venda-1' },
    });
    expect(other.body.error).toBe('PDV_REFERENCE_OTHER_AMOUNT');
    expect(await pspCount()).toBe(before + 1);
    const waiting = call('GET', '/charges/venda-1/wait?timeout=30');
    await pay(first.body.externalId);
    expect((await waiting).body).toMatchObject({ status: 'PAID', paid: true, final: true });
    expect((await call('GET', '/charges/venda-1')).body.status).toBe('PAID');
  });

  it('two calls with one reference at once: one charge, the same sale for both', async () => {
    const before = await pspCount();
    const body = { amountCents: 1111, reference: 'venda-simultanea' };
    const [a, b] = await Promise.all([
      call('POST', '/charges', { body }),
      call('POST', '/charges', { body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.chargeId).toBe(b.body.chargeId);
    expect(await pspCount()).toBe(before + 1);
    await call('POST', '/charges/venda-simultanea/cancel');
  });

  it('cancel ends it; wait says so', async () => {
    await call('POST', '/charges', { body: { amountCents: 700, reference: 'venda-2' } });
    const c = await call('POST', '/charges/venda-2/cancel');
    expect(c.body).toMatchObject({ status: 'CANCELED', final: true, paid: false });
    expect((await call('GET', '/charges/venda-2/wait?timeout=5')).body.status).toBe('CANCELED');
    expect((await call('GET', '/charges/nunca')).status).toBe(404);
  });
});

/** `npm run balcao -- cobrar …` as a script would run it. */
function cobrar(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/balcao-cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, BALCAO_TOKEN: TOKEN, BALCAO_API_URL: app.api, ...env },
  });
  let out = '';
  let errText = '';
  child.stdout.on('data', (b) => (out += b));
  child.stderr.on('data', (b) => (errText += b));
  const done = new Promise<{ code: number | null; lines: string[]; err: string }>((r) =>
    child.on('exit', (code) =>
      r({ code, lines: out.trim().split('\n').filter(Boolean), err: errText }),
    ),
  );
  return done;
}

describe('balcao cobrar', () => {
  it('--aguardar: one JSON line, exit 0 when paid', async () => {
    const run = cobrar(['cobrar', '12,34', '--ref', 'cli-pago', '--aguardar']);
    const sale = await eventually(async () => {
      const r = await call('GET', '/charges/cli-pago');
      return r.status === 200 && r.body.status === 'PENDING' && r.body;
    }, 20_000);
    expect(sale.amountCents).toBe(1234);
    await pay(sale.externalId);
    const r = await run;
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(1);
    expect(JSON.parse(r.lines[0]!)).toMatchObject({
      ok: true,
      paid: true,
      status: 'PAID',
      reference: 'cli-pago',
    });
  });

  it('exit 1 when not paid (canceled at the Caixa), 2 for a wrong command line', async () => {
    const run = cobrar(['cobrar', '5,00', '--ref', 'cli-cancelada', '--aguardar']);
    const sale = await eventually(async () => {
      const r = await call('GET', '/charges/cli-cancelada');
      return r.status === 200 && r.body;
    }, 20_000);
    expect((await app.host.call('charges:cancel', { id: sale.chargeId })).ok).toBe(true);
    const r = await run;
    expect(r.code).toBe(1);
    expect(JSON.parse(r.lines[0]!)).toMatchObject({ paid: false, status: 'CANCELED' });
    const bad = await cobrar(['cobrar', 'doze', '--ref', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('valor inválido');
    const noToken = await cobrar(['cobrar', '1,00', '--ref', 'x'], { BALCAO_TOKEN: '' });
    expect(noToken.code).toBe(2);
  });
});
