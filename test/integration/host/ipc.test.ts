import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payer, tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';

// The development host in DEMO mode: the contract over its guarded WebSocket.
let host: Host;
beforeAll(async () => {
  host = await startHost([], { BALCAO_DATA_DIR: tempDir(), BALCAO_OWNER_PIN: '2468' });
});
afterAll(() => host.stop());

const connect = (url: string, origin: string) =>
  new Promise<string>((resolve) => {
    const ws = new WebSocket(url, { origin });
    ws.on('open', () => (ws.close(), resolve('open')));
    ws.on('error', (e) => resolve(e.message));
  });

describe('the development host', () => {
  it('binds loopback and prints the URL with its token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);
  });

  it('refuses a socket without the token, with a wrong one, or from another origin', async () => {
    const u = new URL(host.url);
    const token = new URLSearchParams(u.hash.slice(1)).get('token')!;
    const ws = `ws://${u.host}/__devhost/ipc`;
    expect(await connect(ws, u.origin)).toMatch(/403/);
    // One character changed, never to itself (a token may end in any base64url character).
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await connect(`${ws}?token=${wrong}`, u.origin)).toMatch(/403/);
    expect(await connect(`${ws}?token=${token}`, 'http://evil.example')).toMatch(/403/);
    expect(await connect(`${ws}?token=${token}`, 'http://127.0.0.1:1')).toMatch(/403/);
    expect(await connect(`${ws}?token=${token}`, u.origin)).toBe('open');
  });

  it('serves the renderer with the bridge', async () => {
    const html = await (await fetch(host.url.split('#')[0]!)).text();
    expect(html).toContain('/__devhost/bridge.js');
    expect((await fetch(new URL('/__devhost/bridge.js', host.url))).status).toBe(200);
  });

  it('runs in DEMO mode on the embedded sandbox: create, simulate payment, PAID event', async () => {
    expect(await host.call('app:info', {})).toMatchObject({
      ok: true,
      value: { mode: 'demo', host: 'browser' },
    });
    const c = await host.call<{ id: string; status: string }>('charges:create', {
      amountCents: 1990,
      payer,
    });
    expect(c).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    if (!c.ok) return;
    expect(await host.call('charges:simulatePayment', { id: c.value.id })).toEqual({
      ok: true,
      value: { ok: true },
    });
    await expect
      .poll(() =>
        host.events.some(
          (e) =>
            e.event === 'charges:updated' && (e.payload as { status: string }).status === 'PAID',
        ),
      )
      .toBe(true);
  });

  it('an invalid payload gets a Result error with a code, and nothing is written', async () => {
    const before = await host.call<unknown[]>('charges:list', {});
    const bad = [
      ['charges:create', { amountCents: '12.34' }],
      ['charges:create', { amountCents: 12.5, payer }],
      ['charges:create', { amountCents: 100, payer, extra: true }],
      ['charges:create', null],
      ['charges:list', { day: '21/11/2026' }],
      ['settings:update', { patch: { language: 'fr' } }],
      ['nope:nothing', {}],
    ] as const;
    for (const [channel, payload] of bad) {
      const r = await host.call(channel, payload);
      expect(r).toMatchObject({ ok: false });
      expect(!r.ok && ['INVALID_PAYLOAD', 'UNKNOWN_CHANNEL'].includes(r.code)).toBe(true);
    }
    expect(await host.call<unknown[]>('charges:list', {})).toEqual(before);
  });

  it('owner functions need the PIN (checked in the service layer), and lock again', async () => {
    expect(
      await host.call('withdrawals:create', {
        amountCents: 100,
        pixKeyType: 'EMAIL',
        pixKey: 'a@b.com.br',
      }),
    ).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(
      await host.call('settings:update', { patch: { terminalName: 'Caixa 2' } }),
    ).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    // The refused payment notices (ids of charges) are the owner's to read.
    expect(await host.call('callbacks:refusals', {})).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });
    expect(await host.call('owner:unlock', { pin: '0000' })).toMatchObject({
      ok: false,
      code: 'PIN_WRONG',
    });
    expect(await host.call('owner:unlock', { pin: '2468' })).toMatchObject({ ok: true });
    expect(
      await host.call('settings:update', { patch: { terminalName: 'Caixa 2' } }),
    ).toMatchObject({ ok: true, value: { terminalName: 'Caixa 2' } });
    expect(await host.call('callbacks:refusals', {})).toMatchObject({
      ok: true,
      value: { today: { count: 0, reason: null }, recent: [] },
    });
    const w = await host.call<{ status: string }>('withdrawals:create', {
      amountCents: 1000,
      pixKeyType: 'EMAIL',
      pixKey: 'dono@loja.com.br',
    });
    expect(w).toMatchObject({
      ok: true,
      value: { status: 'PROCESSING', pixKeyMasked: 'don***.br' },
    });
    await host.call('owner:lock', {});
    expect(await host.call('withdrawals:list', {})).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });
  });
});
