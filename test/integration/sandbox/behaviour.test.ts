import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseBrCode } from '../../../shared/domain/brcode';
import { GLOBAL_FEES_ACCOUNT } from '../../../sandbox/state';
import { callbackReceiver, DEMO_ACCOUNT, validDeposit, waitFor } from '../../helpers/sandbox';
import { sandboxApiForFile } from '../../helpers/sandbox-terminal';

const env = sandboxApiForFile({ callbacks: { baseDelayMs: 30, maxAttempts: 4 } });

const balance = async () =>
  (await env.api.call('GET', '/users/balance', { headers: env.api.cics })).body;

describe('charges, payment and callbacks', () => {
  it('a paid deposit moves the balance and sends one signed callback (A7, A8)', async () => {
    const rx = await callbackReceiver();
    const before = await balance();
    const created = await env.api.call('POST', '/payments/deposit', {
      headers: env.bearer,
      body: validDeposit({ amount: 100, clientCallbackUrl: rx.url }),
    });
    const { transactionId, qrcode } = created.body.qrCodeResponse as {
      transactionId: string;
      qrcode: string;
    };
    expect(parseBrCode(qrcode)).toMatchObject({ ok: true, value: { amountCents: 10000 } });
    expect((await balance()).pending).toBeCloseTo((before.pending as number) + 100, 2);

    expect((await env.sb.control('POST', `/charges/${transactionId}/pay`)).status).toBe(200);
    const cb = await waitFor(() => rx.received[0]);
    const expected = createHmac('sha256', DEMO_ACCOUNT.clientSecret)
      .update(`${cb.headers['x-timestamp']}.${cb.body}`)
      .digest('hex');
    expect(cb.headers['x-signature']).toBe(expected);
    expect(Math.abs(Number(cb.headers['x-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(cb.headers['x-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(cb.body)).toMatchObject({
      transactionId,
      status: 'PAID',
      amount: 100,
      fee: 0.99,
    });
    // 100.00 - 0.99 fee reaches the available balance; pending drops back.
    const after = await balance();
    expect(after.available).toBeCloseTo((before.available as number) + 99.01, 2);
    expect(after.pending).toBeCloseTo(before.pending as number, 2);
    // A settled charge cannot be settled again.
    expect((await env.sb.control('POST', `/charges/${transactionId}/expire`)).status).toBe(409);
    await rx.close();
  });

  it('retries a callback that got no 2xx, with growing delays and the same event id', async () => {
    const rx = await callbackReceiver((n) => (n < 3 ? 503 : 200));
    const created = await env.api.call('POST', '/payments/deposit', {
      headers: env.bearer,
      body: validDeposit({ clientCallbackUrl: rx.url }),
    });
    const id = (created.body.qrCodeResponse as { transactionId: string }).transactionId;
    await env.sb.control('POST', `/charges/${id}/fail`);
    await waitFor(() => rx.received.length >= 3);
    const [a, b, c] = rx.received;
    expect(new Set(rx.received.map((r) => r.headers['x-event-id'])).size).toBe(1);
    // Backoff of 30 ms, then 60 ms: lower bounds only (a loaded machine can only make them later).
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(28);
    expect(c!.at - b!.at).toBeGreaterThanOrEqual(58);
    const log = (await env.sb.control('GET', '/callbacks')).body as Array<{
      url: string;
      delivered: boolean;
      attempts: unknown[];
    }>;
    const entry = log.find((l) => l.url === rx.url)!;
    expect(entry).toMatchObject({ delivered: true });
    expect(entry.attempts).toHaveLength(3);
    expect(JSON.parse(rx.received[2]!.body)).toMatchObject({ status: 'FAILED', fee: 0 });
    await rx.close();
  });

  it('transactions/create callbacks go to projectWebhook; the status query finds by either id', async () => {
    const rx = await callbackReceiver();
    const r = await env.api.call('POST', '/transactions/create', {
      headers: env.api.cics,
      body: {
        amount: 7.5,
        payerName: 'Ana',
        payerDocument: '12345678909',
        transactionId: 'tx-query-1',
        projectWebhook: rx.url,
      },
    });
    expect(r.status).toBe(201);
    await env.sb.control('POST', '/charges/tx-query-1/expire');
    await waitFor(() => rx.received[0]);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({
      transactionId: 'tx-query-1',
      status: 'EXPIRED',
    });
    const q = await env.api.call('GET', '/transactions/tx-query-1', { headers: env.api.cics });
    expect(q.body).toMatchObject({ transactionId: 'tx-query-1', status: 'EXPIRED', amount: 7.5 });
    expect(
      (await env.api.call('GET', '/transactions/nope', { headers: env.api.cics })).status,
    ).toBe(404);
    await rx.close();
  });

  it('autopay pays every new charge after the delay', async () => {
    const rx = await callbackReceiver();
    await env.sb.control('POST', '/autopay', { afterMs: 50 });
    await env.api.call('POST', '/payments/deposit', {
      headers: env.bearer,
      body: validDeposit({ clientCallbackUrl: rx.url }),
    });
    await waitFor(() => rx.received[0]);
    expect(JSON.parse(rx.received[0]!.body).status).toBe('PAID');
    await env.sb.control('POST', '/autopay', { afterMs: 0 });
    await rx.close();
  });
});

describe('withdrawals', () => {
  it('block the amount plus fee, then complete or give it back, with a callback', async () => {
    const rx = await callbackReceiver();
    const before = await balance();
    const w = async (external_id: string) =>
      env.api.call('POST', '/withdrawals/withdraw', {
        headers: env.bearer,
        body: {
          amount: 20,
          external_id,
          pix_key: '+5511987654321',
          pix_key_type: 'PHONE',
          clientCallbackUrl: rx.url,
        },
      });
    const ok1 = await w('wd-1');
    const ok2 = await w('wd-2');
    expect(ok1.status).toBe(201);
    const id1 = (ok1.body.data as { id: string }).id;
    const id2 = (ok2.body.data as { id: string }).id;
    expect((await balance()).blocked).toBeCloseTo((before.blocked as number) + 42, 2);
    await env.sb.control('POST', `/withdrawals/${id1}/complete`);
    await env.sb.control('POST', `/withdrawals/${id2}/fail`);
    await waitFor(() => rx.received.length >= 2);
    const after = await balance();
    expect(after.blocked).toBeCloseTo(before.blocked as number, 2);
    expect(after.available).toBeCloseTo((before.available as number) - 21, 2);
    expect(rx.received.map((r) => JSON.parse(r.body).status).sort()).toEqual([
      'COMPLETED',
      'FAILED',
    ]);
    await rx.close();
  });
});

describe('infractions and fees', () => {
  it('seeds infractions in all four states over more than one page', async () => {
    const statuses = new Set<string>();
    let page = 1;
    let totalPages = 1;
    do {
      const r = await env.api.call('GET', `/meds/infractions/list?page=${page}&perPage=10`, {
        headers: env.api.cics,
      });
      const meta = r.body.meta as { totalPages: number };
      totalPages = meta.totalPages;
      for (const i of r.body.data as Array<{ status: string }>) statuses.add(i.status);
      page++;
    } while (page <= totalPages);
    expect(totalPages).toBeGreaterThan(1);
    expect([...statuses].sort()).toEqual(['ACCEPTED', 'CANCELLED', 'REJECTED', 'WAITING_PSP']);
  });

  it('creates an infraction from the control interface, waiting for the seller', async () => {
    const r = await env.sb.control('POST', '/infractions', { amount: 42, reason: 'Golpe' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'WAITING_PSP', amount: 42 });
  });

  it('serves per-user fees to the demo account and the global ones to another', async () => {
    const demo = (await env.api.call('GET', '/crypto/fees', { headers: env.bearer })).body;
    const login = await env.api.call('POST', '/auth/login', {
      body: {
        client_id: GLOBAL_FEES_ACCOUNT.clientId,
        client_secret: GLOBAL_FEES_ACCOUNT.clientSecret,
      },
    });
    const global = (
      await env.api.call('GET', '/crypto/fees', {
        headers: { authorization: `Bearer ${login.body.access_token}` },
      })
    ).body;
    for (const f of [demo, global]) {
      expect(Object.keys(f).sort()).toEqual([
        'max_withdrawal',
        'min_withdrawal',
        'rate_fixed',
        'usdt_rate',
        'withdrawal_rate',
      ]);
    }
    expect(demo.withdrawal_rate).not.toBe(global.withdrawal_rate);
  });
});

describe('control interface', () => {
  it('is served only outside /api and lists what the sandbox holds', async () => {
    const list = (await env.sb.control('GET', '/charges')).body as Array<{ kind: string }>;
    expect(list.some((c) => c.kind === 'deposit')).toBe(true);
    expect(list.some((c) => c.kind === 'withdrawal')).toBe(true);
    expect((await env.api.call('GET', '/__sandbox/charges')).status).toBe(404);
  });

  it('counts the status queries it saw and the faults it injected (GET /stats)', async () => {
    type Stats = { checks: { total: number }; faultsTaken: Record<string, number> };
    const stats = async () => (await env.sb.control('GET', '/stats')).body as Stats;
    const created = await env.api.call('POST', '/payments/deposit', {
      headers: env.bearer,
      body: validDeposit({ amount: 5 }),
    });
    const { transactionId } = created.body.qrCodeResponse as { transactionId: string };
    const ask = async () =>
      (await env.api.call('GET', `/transactions/${transactionId}`, { headers: env.api.cics }))
        .status;
    const before = await stats();
    expect(await ask()).toBe(200);
    const route = 'GET /transactions/:id';
    await env.sb.control('POST', '/faults', { route, kind: 'status', value: 429, count: 2 });
    expect([await ask(), await ask(), await ask()]).toEqual([429, 429, 200]);
    const after = await stats();
    expect(after.checks.total - before.checks.total).toBe(2);
    expect((after.faultsTaken[route] ?? 0) - (before.faultsTaken[route] ?? 0)).toBe(2);
  });

  it('refuses unknown fault kinds', async () => {
    expect(
      (
        await env.sb.control('POST', '/faults', {
          route: 'POST /payments/deposit',
          kind: 'explode',
        })
      ).status,
    ).toBe(400);
  });
});
