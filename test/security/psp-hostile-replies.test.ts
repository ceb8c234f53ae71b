import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result';
import { freshId, pspClient, stubPsp, WIRE_PAYER } from '../helpers/psp-client';
import { DEMO_ACCOUNT, sandbox, type TestSandbox } from '../helpers/sandbox';

// Issue 21, items 1 and 2: a PSP (or whoever answers at its address) that redirects, or sends a
// reply without end. No redirect is followed on any route, so no secret reaches another origin;
// a reply past the cap is cut off, the connection dropped, and the read stays bounded.
let sb: TestSandbox;
let c: ReturnType<typeof pspClient>;
let other: {
  url: string;
  hits: Array<{ method?: string; url?: string; headers: object; body: string }>;
  close(): Promise<void>;
};

/** "Another origin": records whatever reaches it, and answers like a friendly PSP would. */
async function otherOrigin() {
  const hits: Array<{ method?: string; url?: string; headers: object; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      hits.push({ method: req.method, url: req.url, headers: req.headers, body });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ access_token: 'stolen', status: 'PAID', amount: 1, available: 999999 }),
        );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const payer = WIRE_PAYER;
const id = () => freshId('h');

/** Each PSP route (as the sandbox names it) and the client call that reaches it. */
const ROUTES: Array<[string, () => Promise<Result<unknown>>]> = [
  ['POST /auth/login', () => c.client.login()],
  [
    'POST /payments/deposit',
    () =>
      c.client.createDeposit({
        amountCents: 5322,
        externalId: id(),
        callbackUrl: 'http://127.0.0.1:1/cb',
        payer,
      }),
  ],
  [
    'POST /transactions/create',
    () =>
      c.client.createTransaction({
        amountCents: 777,
        transactionId: id(),
        webhookUrl: 'http://127.0.0.1:1/cb',
        payerName: payer.name,
        payerDocument: '12345678909',
      }),
  ],
  ['GET /transactions/:id', () => c.client.transactionStatus('any-id')],
  ['GET /users/balance', () => c.client.balance()],
  ['GET /crypto/fees', () => c.client.cryptoFees()],
  ['GET /meds/infractions/list', () => c.client.infractions(1, 10)],
  [
    'POST /meds/infractions/:infractionId/defense',
    () =>
      c.client.sendDefense({
        infractionId: 'inf-1',
        analise: 'DISAGREED',
        justificativa: 'Produto entregue ao cliente.',
        proofs: [],
      }),
  ],
  [
    'POST /withdrawals/withdraw',
    () =>
      c.client.withdraw({
        amountCents: 1000,
        externalId: id(),
        pixKey: 'ana@padaria.com.br',
        pixKeyType: 'EMAIL',
        callbackUrl: 'http://127.0.0.1:1/cb',
      }),
  ],
];

const fault = (route: string, kind: string, value?: number | string) =>
  sb.control('POST', '/faults', { route, kind, ...(value !== undefined && { value }) });

beforeAll(async () => {
  sb = await sandbox();
  other = await otherOrigin();
  c = pspClient(sb.baseUrl, { requestTimeoutMs: 15_000, maxReplyBytes: 256 * 1024 });
});
afterEach(() => sb.control('DELETE', '/faults'));
afterAll(async () => {
  await other.close();
  await sb.close();
});

describe('no redirect is ever followed', () => {
  it.each(ROUTES)(
    '%s: a 307 to another origin is an error naming it; nothing leaves',
    async (route, call) => {
      other.hits.length = 0;
      await fault(route, 'redirect', `${other.url}/api/moved`);
      const r = await call();
      expect(r).toMatchObject({
        ok: false,
        code: 'PSP_REDIRECT',
        params: { status: 307, location: `${other.url}/api/moved` },
      });
      expect(other.hits).toEqual([]);
    },
  );

  it('the error carries no secret, and the log line names the redirect', () => {
    const text = JSON.stringify(c.lines);
    expect(text).not.toContain(DEMO_ACCOUNT.clientSecret);
    expect(text).toContain('PSP_REDIRECT');
  });
});

describe('bounded replies', () => {
  it.each([
    ['oversize', 'GET /users/balance', () => c.client.balance()],
    ['endless', 'GET /transactions/:id', () => c.client.transactionStatus('x')],
    ['endless', 'POST /auth/login', () => c.client.login()],
  ] as const)(
    '%s reply on %s: cut off at the cap, connection dropped',
    async (kind, route, call) => {
      const before = sb.ctx.faults.streams.length;
      await fault(route, kind, 200 << 20);
      const r = await call();
      expect(r).toMatchObject({ ok: false, kind: 'unavailable', code: 'PSP_REPLY_TOO_LARGE' });
      const stream = sb.ctx.faults.streams[before]!;
      // The client hung up: the sandbox stops long before 200 MB (socket buffers aside).
      await expect.poll(() => stream.closedByClient).toBe(true);
      expect(stream.bytesSent).toBeLessThan(32 << 20);
      const line = (c.lines as Array<Record<string, unknown>>).findLast(
        (l) => l.error === 'PSP_REPLY_TOO_LARGE',
      );
      expect(line?.bytesRead).toBeLessThanOrEqual(256 * 1024 + 64 * 1024);
    },
  );

  it('an oversized answer to a create is uncertain (the PSP may have acted)', async () => {
    await fault('POST /payments/deposit', 'oversize', 10 << 20);
    const r = await ROUTES[1]![1]();
    expect(r).toMatchObject({ ok: false, kind: 'uncertain', code: 'PSP_REPLY_TOO_LARGE' });
  });
});

describe('bounded nesting', () => {
  it('a reply nested 10,000 deep is refused before parsing, as a clear error', async () => {
    const stub = await stubPsp(() => ({
      status: 200,
      body: '{"available":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}',
    }));
    try {
      const r = await pspClient(stub.baseUrl).client.balance();
      expect(r).toMatchObject({ ok: false, code: 'PSP_REPLY_TOO_DEEP' });
    } finally {
      await stub.close();
    }
  });
});
