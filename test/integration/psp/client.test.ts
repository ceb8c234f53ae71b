import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyBrCode } from '../../../shared/domain/brcode';
import type { Result } from '../../../shared/result';
import { freshId, pspClient, stubPsp, WIRE_PAYER } from '../../helpers/psp-client';
import { deadUrl, DEMO_ACCOUNT, sandbox, type TestSandbox } from '../../helpers/sandbox';

// The typed client against the sandbox over real HTTP: every operation, every error class,
// every fault kind, token expiry mid-session; and no secret in any log line or error.
let sb: TestSandbox;
let c: ReturnType<typeof pspClient>;
const results: Result<unknown>[] = [];
const track = <T>(r: Result<T>) => (results.push(r), r);

const payer = WIRE_PAYER;
const deposit = (over: Record<string, unknown> = {}) =>
  c.client
    .createDeposit({
      amountCents: 1234,
      externalId: freshId('c'),
      callbackUrl: 'http://127.0.0.1:1/cb',
      payer,
      ...over,
    })
    .then(track);
const transaction = (over: Record<string, unknown> = {}) =>
  c.client
    .createTransaction({
      amountCents: 500,
      transactionId: freshId('tx'),
      webhookUrl: 'http://127.0.0.1:1/cb',
      payerName: 'Ana',
      payerDocument: '12345678909',
      ...over,
    })
    .then(track);
const fault = (route: string, kind: string, value?: number | string, count = 1) =>
  sb.control('POST', '/faults', { route, kind, ...(value !== undefined && { value }), count });
const chargeCount = async () => ((await sb.control('GET', '/charges')).body as unknown[]).length;
const logins = async () => ((await sb.control('GET', '/stats')).body as { logins: number }).logins;

beforeAll(async () => {
  sb = await sandbox();
  c = pspClient(sb.baseUrl);
});
afterEach(() => sb.control('DELETE', '/faults'));
afterAll(async () => {
  // Secrets and tokens never appear in log lines or in any error the client returned.
  const text = JSON.stringify(c.lines) + JSON.stringify(results);
  expect(text).not.toContain(DEMO_ACCOUNT.clientSecret);
  expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/); // a JWT
  expect(c.lines.length).toBeGreaterThan(0);
  await sb.close();
});

describe('every operation', () => {
  it('createDeposit: PENDING, a BR Code that verifies for the amount, amount in cents', async () => {
    const r = await deposit();
    expect(r).toMatchObject({ ok: true, value: { status: 'PENDING', amountCents: 1234 } });
    if (r.ok) expect(verifyBrCode(r.value.qrcode, 1234).ok).toBe(true);
  });

  it('createTransaction echoes our transactionId', async () => {
    const r = await transaction({ transactionId: 'tx-client-1' });
    expect(r).toMatchObject({
      ok: true,
      value: { transactionId: 'tx-client-1', amountCents: 500 },
    });
  });

  it('transactionStatus (A10) follows the charge to PAID', async () => {
    const r = await deposit();
    if (!r.ok) throw new Error(r.message);
    await sb.control('POST', `/charges/${r.value.transactionId}/pay`);
    expect(track(await c.client.transactionStatus(r.value.transactionId))).toMatchObject({
      ok: true,
      value: { status: 'PAID', amountCents: 1234 },
    });
  });

  it('withdraw (Bearer, A2) returns the id and status', async () => {
    const r = track(
      await c.client.withdraw({
        amountCents: 1000,
        externalId: 'wd-client-1',
        pixKey: 'ana@padaria.com.br',
        pixKeyType: 'EMAIL',
        callbackUrl: 'http://127.0.0.1:1/cb',
      }),
    );
    expect(r).toMatchObject({ ok: true, value: { status: 'PROCESSING' } });
    expect(r.ok && r.value.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('balance (A3) in cents, known keys first', async () => {
    const r = track(await c.client.balance());
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.value.map((f) => f.key)).toEqual(['available', 'balance', 'blocked', 'pending']);
    if (r.ok) expect(r.value.every((f) => Number.isSafeInteger(f.cents))).toBe(true);
  });

  it('infractions (A4) page through with hasNext and totalPages', async () => {
    const p1 = track(await c.client.infractions(1, 10));
    expect(p1).toMatchObject({ ok: true, value: { page: 1, hasNext: true } });
    if (!p1.ok) return;
    const last = track(await c.client.infractions(p1.value.totalPages!, 10));
    expect(last).toMatchObject({ ok: true, value: { hasNext: false } });
    expect(p1.value.items[0]).toMatchObject({ infractionId: 'inf-0001', status: 'WAITING_PSP' });
  });

  it('sendDefense (A5) for a WAITING_PSP infraction', async () => {
    const r = track(
      await c.client.sendDefense({
        infractionId: 'inf-0005',
        analise: 'DISAGREED',
        justificativa: 'Entregamos o produto ao cliente.',
        proofs: [],
      }),
    );
    expect(r).toMatchObject({ ok: true, value: { message: 'Defense received' } });
  });

  it('cryptoFees (Bearer JWT)', async () => {
    expect(track(await c.client.cryptoFees())).toMatchObject({
      ok: true,
      value: { withdrawal_rate: 0.9, usdt_rate: 5.42 },
    });
  });
});

describe('every error class', () => {
  it('validation: the PSP message is kept as detail', async () => {
    const r = await deposit({ amountCents: 1, payer: { ...payer, document: '123.456.789-00' } });
    expect(r).toMatchObject({ ok: false, kind: 'validation', code: 'PSP_REJECTED' });
    expect(!r.ok && r.params?.pspMessage).toContain('payer.document');
  });

  it('auth: wrong credentials', async () => {
    const bad = pspClient(sb.baseUrl, {}, { secret: 'not-the-secret' });
    expect(await bad.client.balance()).toMatchObject({ ok: false, kind: 'auth', code: 'PSP_AUTH' });
    expect(await bad.client.cryptoFees()).toMatchObject({ ok: false, kind: 'auth' });
    expect(JSON.stringify(bad.lines)).not.toContain('not-the-secret');
  });

  it('not found, conflict', async () => {
    expect(track(await c.client.transactionStatus('nope'))).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    const externalId = `dup-${Date.now()}`;
    expect((await deposit({ externalId })).ok).toBe(true);
    expect(await deposit({ externalId })).toMatchObject({
      ok: false,
      kind: 'conflict',
      code: 'PSP_DUPLICATE',
    });
  });

  it('rate limited, with Retry-After in milliseconds', async () => {
    await fault('POST /payments/deposit', 'status', 429);
    expect(await deposit()).toMatchObject({ ok: false, kind: 'rate_limited', retryAfterMs: 1000 });
  });

  it.each([500, 503])('unavailable on HTTP %i, and nothing was created', async (status) => {
    const before = await chargeCount();
    await fault('POST /payments/deposit', 'status', status);
    expect(await deposit()).toMatchObject({
      ok: false,
      kind: 'unavailable',
      code: 'PSP_UNAVAILABLE',
    });
    expect(await chargeCount()).toBe(before);
  });

  it('unavailable when nothing listens (nothing was sent)', async () => {
    const dead = pspClient(await deadUrl());
    expect(track(await dead.client.balance())).toMatchObject({
      ok: false,
      kind: 'unavailable',
      code: 'PSP_UNREACHABLE',
    });
    expect(
      track(
        await dead.client.createDeposit({
          amountCents: 1,
          externalId: 'x',
          callbackUrl: 'http://127.0.0.1:1/cb',
          payer,
        }),
      ),
    ).toMatchObject({
      kind: 'unavailable',
      code: 'PSP_UNREACHABLE',
    });
  });

  it('a missing status query setting is said plainly', async () => {
    const noQuery = pspClient(sb.baseUrl, { statusQueryPath: '' });
    expect(await noQuery.client.transactionStatus('x')).toMatchObject({
      ok: false,
      code: 'STATUS_QUERY_OFF',
    });
  });
});

describe('every fault kind', () => {
  it('latency under the timeout: the call simply succeeds', async () => {
    await fault('POST /payments/deposit', 'latency', 300);
    const t = Date.now();
    expect((await deposit()).ok).toBe(true);
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
  });

  it('latency over the timeout on a POST: uncertain, and the client did not retry', async () => {
    const before = await chargeCount();
    await fault('POST /payments/deposit', 'latency', 2600);
    expect(await deposit()).toMatchObject({ ok: false, kind: 'uncertain', code: 'PSP_NO_ANSWER' });
    await new Promise((r) => setTimeout(r, 800));
    expect(await chargeCount()).toBe(before + 1); // the PSP did create it: exactly once
  });

  it('timeout on a GET is unavailable (safe to ask again), on a POST uncertain', async () => {
    await fault('GET /users/balance', 'timeout');
    expect(track(await c.client.balance())).toMatchObject({
      ok: false,
      kind: 'unavailable',
      code: 'PSP_TIMEOUT',
    });
    await fault('POST /payments/deposit', 'timeout');
    expect(await deposit()).toMatchObject({ ok: false, kind: 'uncertain' });
  });

  it('drop: processed then cut: uncertain, exactly one charge at the PSP', async () => {
    const before = await chargeCount();
    await fault('POST /payments/deposit', 'drop');
    expect(await deposit()).toMatchObject({ ok: false, kind: 'uncertain', code: 'PSP_NO_ANSWER' });
    expect(await chargeCount()).toBe(before + 1);
  });

  it('malformed reply: uncertain for a POST, unavailable for a GET', async () => {
    await fault('POST /payments/deposit', 'malformed');
    expect(await deposit()).toMatchObject({
      ok: false,
      kind: 'uncertain',
      code: 'PSP_MALFORMED_REPLY',
    });
    await fault('GET /crypto/fees', 'malformed');
    expect(track(await c.client.cryptoFees())).toMatchObject({
      ok: false,
      kind: 'unavailable',
      code: 'PSP_MALFORMED_REPLY',
    });
  });

  it.each([
    ['crc', 'BRCODE_BAD_CRC'],
    ['amount', 'BRCODE_AMOUNT_MISMATCH'],
  ])('badqr %s: the payload is refused by verification', async (value, code) => {
    await fault('POST /payments/deposit', 'badqr', value);
    const r = await deposit();
    if (!r.ok) throw new Error(r.message);
    expect(verifyBrCode(r.value.qrcode, 1234)).toMatchObject({ ok: false, code });
  });

  it('status fault on /transactions/create uses the ci/cs route too', async () => {
    await fault('POST /transactions/create', 'status', 503);
    const r = await transaction({ amountCents: 100 });
    expect(r).toMatchObject({ ok: false, kind: 'unavailable' });
  });
});

describe('the token', () => {
  it('expired at the PSP mid-session: one re-login, one retry, success', async () => {
    expect((await deposit()).ok).toBe(true);
    const before = await logins();
    sb.clock.offsetMs += 16 * 60_000; // the PSP's clock passes the 15-minute expiry
    try {
      expect((await deposit()).ok).toBe(true);
      expect(await logins()).toBe(before + 1);
    } finally {
      sb.clock.offsetMs = 0;
      c.clock.offsetMs = 0;
    }
  });

  it('is refreshed before it expires, without a 401', async () => {
    expect((await c.client.cryptoFees()).ok).toBe(true);
    const before = await logins();
    c.clock.offsetMs += 14.5 * 60_000; // within the 60 s margin of our side's expiry
    sb.clock.offsetMs = c.clock.offsetMs;
    try {
      expect((await c.client.cryptoFees()).ok).toBe(true);
      expect(await logins()).toBe(before + 1);
      expect((await c.client.cryptoFees()).ok).toBe(true);
      expect(await logins()).toBe(before + 1); // the fresh token is reused
    } finally {
      sb.clock.offsetMs = 0;
      c.clock.offsetMs = 0;
    }
  });

  it('concurrent calls share one login', async () => {
    const fresh = pspClient(sb.baseUrl);
    const before = await logins();
    const all = await Promise.all(Array.from({ length: 5 }, () => fresh.client.cryptoFees()));
    expect(all.every((r) => r.ok)).toBe(true);
    expect(await logins()).toBe(before + 1);
  });
});

describe('replies the sandbox never sends (a hand-written PSP on loopback)', () => {
  it('a reply that breaks the schema is an error naming the field', async () => {
    const stub = await stubPsp((req) =>
      req.url === '/api/auth/login'
        ? { status: 200, body: JSON.stringify({ data: { token: 'tok-123456' } }) }
        : {
            status: 201,
            body: JSON.stringify({
              message: 'ok',
              qrCodeResponse: { transactionId: 'x', status: 'PENDING', amount: 1 },
            }),
          },
    );
    const s = pspClient(stub.baseUrl);
    const r = await s.client.createDeposit({
      amountCents: 100,
      externalId: 'x',
      callbackUrl: 'http://127.0.0.1:1/cb',
      payer,
    });
    expect(r).toMatchObject({ ok: false, kind: 'uncertain', code: 'PSP_UNEXPECTED_REPLY' });
    expect(!r.ok && r.params?.field).toContain('qrCodeResponse.qrcode');
    await stub.close();
  });

  it('a PSP error that echoes the secret or the token is redacted', async () => {
    const stub = await stubPsp((req) =>
      req.url === '/api/auth/login'
        ? {
            status: 200,
            body: JSON.stringify({ accessToken: 'tok-very-secret-token', expires_in: 900 }),
          }
        : {
            status: 400,
            body: JSON.stringify({
              error: { message: `bad cs=${req.headers.cs} auth=${req.headers.authorization}` },
            }),
          },
    );
    const s = pspClient(stub.baseUrl);
    const a = await s.client.balance();
    const b = await s.client.cryptoFees();
    const text = JSON.stringify([a, b, s.lines]);
    expect(a).toMatchObject({ ok: false, kind: 'validation' });
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(DEMO_ACCOUNT.clientSecret);
    expect(text).not.toContain('tok-very-secret-token');
    await stub.close();
  });

  it('a second 401 after re-login is an auth error: exactly one retry', async () => {
    let logins = 0;
    let calls = 0;
    const stub = await stubPsp((req) => {
      if (req.url === '/api/auth/login')
        return (logins++, { status: 200, body: JSON.stringify({ token: `t${logins}xxxx` }) });
      calls++;
      return { status: 401, body: JSON.stringify({ message: 'nope' }) };
    });
    const s = pspClient(stub.baseUrl);
    expect(await s.client.cryptoFees()).toMatchObject({ ok: false, kind: 'auth' });
    expect([logins, calls]).toEqual([2, 2]);
    await stub.close();
  });
});
