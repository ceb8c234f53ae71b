import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayClosingView } from '../../../shared/history';
import { tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';
import { startRelayProcess } from '../../helpers/relay-process';
import {
  deadUrl,
  DEMO_ACCOUNT,
  eventually,
  sandbox,
  type TestSandbox,
} from '../../helpers/sandbox';
import { selfSignedServer } from '../../helpers/self-signed';

// Going live on a fresh install, through the IPC contract of the development host: a PSP test
// that stores nothing, then everything saved at once and the terminal live without a restart.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const form = (baseUrl: string, over: Record<string, unknown> = {}) => ({
  preset: 'seed',
  baseUrl,
  chargeOperation: 'deposit',
  clientId: DEMO_ACCOUNT.clientId,
  clientSecret: DEMO_ACCOUNT.clientSecret,
  newPin: '1357',
  confirmPin: '1357',
  relay: { url: '', channelId: '', token: '', adminToken: '' },
  printer: { name: '', paperWidthMm: 58, kind: 'system', address: '' },
  ...over,
});

describe.skipIf(!hasSecretService)('first run → live PSP (development host)', () => {
  let sb: TestSandbox;
  let host: Host;
  const service = `balcao-test-${randomBytes(6).toString('hex')}`;
  const keychain = () =>
    Promise.all(
      ['psp.clientId', 'psp.clientSecret', 'relay.channelToken'].map((k) =>
        keytar.getPassword(service, k),
      ),
    );
  beforeAll(async () => {
    sb = await sandbox();
    host = await startHost([], { BALCAO_DATA_DIR: tempDir(), BALCAO_KEYCHAIN_SERVICE: service });
  });
  afterAll(async () => {
    await host?.stop();
    await sb?.close();
    for (const k of ['psp.clientId', 'psp.clientSecret', 'relay.channelToken'])
      await keytar.deletePassword(service, k);
  });

  it('a fresh install is DEMO, first run, no PIN', async () => {
    expect(await host.call('app:info', {})).toMatchObject({
      ok: true,
      value: { mode: 'demo', firstRun: true, keychainMissing: false },
    });
    expect(await host.call('owner:status', {})).toMatchObject({ value: { hasPin: false } });
  });

  it('Testar conexão names each failure and stores nothing', async () => {
    const settings = await host.call('settings:get', {});
    const wrong = await host.call('onboarding:test', {
      preset: 'seed',
      baseUrl: sb.baseUrl,
      chargeOperation: 'deposit',
      clientId: DEMO_ACCOUNT.clientId,
      clientSecret: 'not-the-secret',
    });
    expect(wrong).toMatchObject({
      ok: true,
      value: { passed: false, step: 'login', problem: 'WRONG_CREDENTIALS' },
    });
    const dead = await host.call('onboarding:test', {
      preset: 'seed',
      baseUrl: await deadUrl(),
      chargeOperation: 'deposit',
      clientId: 'a',
      clientSecret: 'b',
    });
    expect(dead).toMatchObject({ value: { passed: false, problem: 'UNREACHABLE' } });
    const plain = await host.call('onboarding:test', {
      preset: 'seed',
      baseUrl: 'http://psp.example.com/api',
      chargeOperation: 'deposit',
      clientId: 'a',
      clientSecret: 'b',
    });
    expect(plain).toMatchObject({ ok: false, code: 'URL_NOT_HTTPS', field: 'baseUrl' });
    // The PSP answers with a path it does not serve: the base URL without /api.
    const noApi = await host.call('onboarding:test', {
      preset: 'seed',
      baseUrl: sb.origin,
      chargeOperation: 'deposit',
      clientId: DEMO_ACCOUNT.clientId,
      clientSecret: DEMO_ACCOUNT.clientSecret,
    });
    expect(noApi).toMatchObject({ value: { passed: false, problem: 'UNEXPECTED_REPLY' } });
    const right = await host.call('onboarding:test', {
      preset: 'seed',
      baseUrl: sb.baseUrl,
      chargeOperation: 'deposit',
      clientId: DEMO_ACCOUNT.clientId,
      clientSecret: DEMO_ACCOUNT.clientSecret,
    });
    // The seed profile has no status query and this set-up no relay: the PSP answered every step,
    // but nothing would confirm a payment, so it is never "Conexão OK" (issue 34, Deliver 4).
    expect(right).toMatchObject({ ok: true, value: { passed: false, keychain: true } });
    expect(notPassed(right)).toEqual(['callback:NO_CONFIRMATION']);
    expect(await keychain()).toEqual([null, null, null]);
    expect(await host.call('settings:get', {})).toEqual(settings);
    expect(await host.call('owner:status', {})).toMatchObject({ value: { hasPin: false } });
  });

  it('a certificate the system does not trust is named as a TLS failure', async () => {
    // A self-signed certificate on loopback: what a PSP behind a bad proxy looks like.
    const server = await selfSignedServer();
    try {
      const port = server.port;
      const r = await host.call('onboarding:test', {
        preset: 'seed',
        baseUrl: `https://127.0.0.1:${port}/api`,
        chargeOperation: 'deposit',
        clientId: 'a',
        clientSecret: 'b',
      });
      expect(r).toMatchObject({
        ok: true,
        value: { passed: false, step: 'login', problem: 'TLS' },
      });
    } finally {
      await server.close();
    }
  });

  it('a refused form saves nothing', async () => {
    expect(
      await host.call('onboarding:save', form(sb.baseUrl, { confirmPin: '1358' })),
    ).toMatchObject({ ok: false, code: 'PIN_MISMATCH', field: 'confirmPin' });
    expect(await host.call('onboarding:save', form(sb.baseUrl, { newPin: '12' }))).toMatchObject({
      ok: false,
      code: 'PIN_FORMAT',
    });
    expect(
      await host.call(
        'onboarding:save',
        form(sb.baseUrl, {
          relay: { url: 'https://relay.example', channelId: '', token: '', adminToken: '' },
        }),
      ),
    ).toMatchObject({ ok: false, code: 'RELAY_CHANNEL_EMPTY' });
    // A network printer without a usable address: refused naming the field.
    expect(
      await host.call(
        'onboarding:save',
        form(sb.baseUrl, {
          printer: {
            name: '',
            paperWidthMm: 80,
            kind: 'escpos-network',
            address: 'não é endereço',
          },
        }),
      ),
    ).toMatchObject({ ok: false, kind: 'validation', field: 'printer.address' });
    expect(await keychain()).toEqual([null, null, null]);
    expect(await host.call('owner:status', {})).toMatchObject({ value: { hasPin: false } });
    expect(await host.call('app:info', {})).toMatchObject({ value: { mode: 'demo' } });
  });

  it('Salvar e usar stores everything and charges at the shop PSP at once', async () => {
    // A DEMO charge first: it stays in the ledger, marked DEMO, out of the live totals.
    const demoCharge = await host.call<{ id: string; demo: boolean }>('charges:create', {
      amountCents: 700,
      payer: { name: 'Ana', document: '123.456.789-09', email: 'a@b.com.br', phone: '11912345678' },
    });
    expect(demoCharge).toMatchObject({ ok: true, value: { demo: true } });
    expect(await host.call('onboarding:save', form(sb.baseUrl))).toEqual({
      ok: true,
      value: { mode: 'live' },
    });
    expect(await keychain()).toEqual([DEMO_ACCOUNT.clientId, DEMO_ACCOUNT.clientSecret, null]);
    expect(await host.call('app:info', {})).toMatchObject({
      value: { mode: 'live', firstRun: false },
    });
    const before = ((await sb.control('GET', '/charges')).body as unknown[]).length;
    const live = await host.call<{ id: string; demo: boolean }>('charges:create', {
      amountCents: 1234,
      payer: { name: 'Ana', document: '123.456.789-09', email: 'a@b.com.br', phone: '11912345678' },
    });
    expect(live).toMatchObject({ ok: true, value: { demo: false, status: 'PENDING' } });
    expect(((await sb.control('GET', '/charges')).body as unknown[]).length).toBe(before + 1);
    // The day's Fechamento: the live charge in the live totals, the DEMO one only in DEMO's.
    const day = new Date().toLocaleDateString('sv-SE');
    const closing = await host.call<DayClosingView>('history:closing', { day });
    if (!closing.ok) throw new Error(closing.code);
    expect(closing.value.live.total).toEqual({ count: 1, amountCents: 1234 });
    expect(closing.value.live.pending).toEqual({ count: 1, amountCents: 1234 });
    expect(closing.value.demo.total.count).toBeGreaterThanOrEqual(1);
    expect(
      await host.call('charges:get', { id: (demoCharge as { value: { id: string } }).value.id }),
    ).toMatchObject({
      // Still in the ledger, still DEMO, and closed: the DEMO PSP is gone.
      value: { demo: true, status: 'CANCELED' },
    });
    // The new PIN is the owner's: the old session ends with Bloquear, and it unlocks again.
    await host.call('owner:lock', {});
    const stored = {
      preset: 'seed',
      baseUrl: sb.baseUrl,
      chargeOperation: 'deposit',
      clientId: '',
      clientSecret: '',
    };
    // With a PIN set, connecting is the owner's: locked, it is refused before any request.
    expect(await host.call('onboarding:test', stored)).toMatchObject({ code: 'OWNER_LOCKED' });
    expect(await host.call('onboarding:save', form(sb.baseUrl))).toMatchObject({
      code: 'OWNER_LOCKED',
    });
    expect(await host.call('owner:unlock', { pin: '1357' })).toMatchObject({ ok: true });
    // Configurações → Conectar ao PSP: empty credential fields test the stored ones.
    const again = await host.call('onboarding:test', stored);
    expect(again).toMatchObject({ ok: true, value: { passed: false } });
    expect(notPassed(again)).toEqual(['callback:NO_CONFIRMATION']);
  });
});

describe('no OS keychain (no Secret Service)', () => {
  it('live mode is refused with what to install, and the secret is written nowhere', async () => {
    const sb = await sandbox();
    const dataDir = tempDir();
    const secret = `cs-${randomBytes(10).toString('hex')}`;
    const host = await startHost([], {
      BALCAO_DATA_DIR: dataDir,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    });
    try {
      expect(host.output()).toContain('no OS keychain');
      expect(await host.call('app:info', {})).toMatchObject({ value: { mode: 'demo' } });
      const r = await host.call('onboarding:save', form(sb.baseUrl, { clientSecret: secret }));
      expect(r).toMatchObject({ ok: false, code: 'KEYCHAIN_MISSING' });
      // A code, not a sentence: the renderer words it (pt-BR/en, naming gnome-keyring).
      expect(r).not.toHaveProperty('message');
      expect(await host.call('app:info', {})).toMatchObject({ value: { mode: 'demo' } });
      expect(await host.call('owner:status', {})).toMatchObject({ value: { hasPin: false } });
      for (const f of filesUnder(dataDir))
        expect(readFileSync(f).includes(Buffer.from(secret)), f).toBe(false);
    } finally {
      await host.stop();
      await sb.close();
    }
  });
});

describe.skipIf(!hasSecretService)(
  'going live with a relay channel created by its admin token',
  () => {
    it('creates the channel, keeps its token in the keychain only, and reads callbacks from it', async () => {
      const sb = await sandbox();
      const adminToken = `adm-${randomBytes(12).toString('hex')}`;
      const relay = await startRelayProcess({
        adminToken,
        store: `sqlite:${path.join(tempDir(), 'relay.sqlite')}`,
      });
      const service = `balcao-test-${randomBytes(6).toString('hex')}`;
      const dataDir = tempDir();
      const host = await startHost([], {
        BALCAO_DATA_DIR: dataDir,
        BALCAO_KEYCHAIN_SERVICE: service,
      });
      try {
        const refused = await host.call(
          'onboarding:save',
          form(sb.baseUrl, {
            relay: { url: relay.url, channelId: '', token: '', adminToken: 'wrong-admin-token' },
          }),
        );
        expect(refused).toMatchObject({ ok: false, code: 'RELAY_ADMIN_REFUSED' });
        expect(await host.call('app:info', {})).toMatchObject({ value: { mode: 'demo' } });
        const saved = await host.call(
          'onboarding:save',
          form(sb.baseUrl, { relay: { url: relay.url, channelId: '', token: '', adminToken } }),
        );
        expect(saved).toEqual({ ok: true, value: { mode: 'live' } });
        const settings = await host.call<{ relay: { url: string; channelId: string } }>(
          'settings:get',
          {},
        );
        const channelId = settings.ok ? settings.value.relay.channelId : '';
        expect(channelId).toMatch(/\S{16,}/);
        const token = await keytar.getPassword(service, 'relay.channelToken');
        expect(token).toBeTruthy();
        for (const f of filesUnder(dataDir)) {
          expect(readFileSync(f).includes(Buffer.from(token!)), f).toBe(false);
          expect(readFileSync(f).includes(Buffer.from(adminToken)), f).toBe(false);
        }
        // The live terminal reads its channel: a payment at the PSP turns the charge PAID.
        await eventually(async () => {
          const i = await host.call<{ connection: { state: string } }>('app:info', {});
          return i.ok && i.value.connection.state === 'connected';
        });
        const c = await host.call<{ id: string; pspTransactionId?: string; externalId: string }>(
          'charges:create',
          {
            amountCents: 990,
            payer: {
              name: 'Ana',
              document: '123.456.789-09',
              email: 'a@b.com.br',
              phone: '11912345678',
            },
          },
        );
        if (!c.ok) throw new Error(c.message);
        const held = (await sb.control('GET', '/charges')).body as Array<{
          id: string;
          externalId: string;
        }>;
        const mine = held.find((h) => h.externalId === c.value.externalId)!;
        await sb.control('POST', `/charges/${mine.id}/pay`);
        await eventually(async () => {
          const g = await host.call<{ status: string }>('charges:get', { id: c.value.id });
          return g.ok && g.value.status === 'PAID';
        });
      } finally {
        await host.stop();
        relay.child.kill();
        await sb.close();
        for (const k of ['psp.clientId', 'psp.clientSecret', 'relay.channelToken'])
          await keytar.deletePassword(service, k);
      }
    });
  },
);

/** The connection test's lines that did not pass, as `id:problem`. */
function notPassed(r: unknown): string[] {
  const checks = (r as { value: { checks: { id: string; state: string; problem?: string }[] } })
    .value.checks;
  return checks.filter((l) => l.state !== 'pass').map((l) => `${l.id}:${l.problem ?? l.state}`);
}
