import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../shared/settings';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { DEMO_ACCOUNT, sandbox, type TestSandbox } from '../helpers/sandbox';

// D4 and D5 through the real development host, as the renderer calls it (WebSocket IPC).
const PIN = '2468';
const dataDir = tempDir();
let sb: TestSandbox;
let host: Host;
const start = () =>
  startHost(['--psp', sb.baseUrl], {
    BALCAO_DATA_DIR: dataDir,
    BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
    BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
    BALCAO_OWNER_PIN: PIN,
  });

beforeAll(async () => {
  sb = await sandbox();
  host = await start();
});
afterAll(async () => {
  await host?.stop();
  await sb?.close();
});

const settings = async () => {
  const r = await host.call<AppSettings>('settings:get', {});
  if (!r.ok) throw new Error(r.code);
  return r.value;
};

describe('partial settings patches (D5)', () => {
  it('a patch changes what it names and keeps everything else, at any depth', async () => {
    expect(await host.call('owner:unlock', { pin: PIN })).toMatchObject({ ok: true });
    // Start from values that are not the defaults, so a reset would show.
    const first = await host.call<AppSettings>('settings:update', {
      patch: {
        shopName: 'Padaria Pão Quente',
        psp: {
          chargeOperation: 'transaction',
          requestTimeoutMs: 20_000,
          callback: { encoding: 'base64' },
        },
        printer: { paperWidthMm: 58 },
      },
    });
    expect(first.ok).toBe(true);
    const before = await settings();

    const patches: Array<[unknown, (s: AppSettings) => void]> = [
      [
        { psp: { callback: { algorithm: 'sha512' } } },
        (s) => (s.psp.callback.algorithm = 'sha512'),
      ],
      [{ psp: { statusQueryPath: '/tx/{id}' } }, (s) => (s.psp.statusQueryPath = '/tx/{id}')],
      [{ charges: { expiryMinutes: 30 } }, (s) => (s.charges.expiryMinutes = 30)],
      [{ printer: { name: 'EPSON TM-T20' } }, (s) => (s.printer.name = 'EPSON TM-T20')],
      [{ terminalName: 'Caixa 2' }, (s) => (s.terminalName = 'Caixa 2')],
      [{}, () => undefined],
    ];
    const expected = structuredClone(before);
    for (const [patch, change] of patches) {
      const r = await host.call<AppSettings>('settings:update', { patch });
      change(expected);
      expect(r).toEqual({ ok: true, value: expected });
    }
    expect(await settings()).toEqual(expected);
  });

  it('a refused patch changes nothing, and what was saved survives a restart', async () => {
    const before = await settings();
    for (const patch of [
      { psp: { callback: { toleranceSeconds: 0 } } },
      { psp: { nope: 1 } },
      { psp: { callback: { algorithm: 'md5' } } },
      { psp: { baseUrl: 'http://psp.example.com/api' } },
      { charges: null },
      { printer: { paperWidthMm: 70 } },
    ]) {
      expect(await host.call('settings:update', { patch })).toMatchObject({
        ok: false,
        kind: 'validation',
      });
    }
    expect(await settings()).toEqual(before);
    await host.stop();
    host = await start();
    expect(await settings()).toEqual(before);
  });
});

describe('owner PIN lockout under concurrency (D4)', () => {
  it('120 guesses at once: exactly 5 are checked, the rest refused; then even the right PIN waits', async () => {
    await host.call('owner:lock', {});
    const guesses = Array.from({ length: 120 }, (_, i) =>
      host.call('owner:unlock', { pin: String(1000 + i) === PIN ? '0000' : String(1000 + i) }),
    );
    const results = await Promise.all(guesses);
    const codes = results.map((r) => (r.ok ? 'OK' : r.code));
    expect(codes.filter((c) => c === 'PIN_WRONG')).toHaveLength(5);
    expect(codes.filter((c) => c === 'PIN_LOCKED_OUT')).toHaveLength(115);
    const right = await host.call('owner:unlock', { pin: PIN });
    expect(right).toMatchObject({ ok: false, kind: 'rate_limited', code: 'PIN_LOCKED_OUT' });
    expect((right as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(50_000);
    expect(await host.call('owner:status', {})).toMatchObject({
      ok: true,
      value: { unlocked: false },
    });
    expect(await host.call('settings:update', { patch: { shopName: 'x' } })).toMatchObject({
      code: 'OWNER_LOCKED',
    });
  });

  it('restarting the host does not reset the count', async () => {
    await host.stop();
    host = await start();
    expect(await host.call('owner:unlock', { pin: PIN })).toMatchObject({
      ok: false,
      code: 'PIN_LOCKED_OUT',
    });
    expect(host.child.exitCode).toBeNull();
  });
});
