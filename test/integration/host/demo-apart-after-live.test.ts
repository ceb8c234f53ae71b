import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayClosingView } from '../../../shared/history';
import { tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';
import { DEMO_ACCOUNT, eventually, sandbox, type TestSandbox } from '../../helpers/sandbox';

// A shop tries DEMO (a sale, a withdrawal that settles), then goes live the same day: the
// day's Fechamento keeps DEMO apart, withdrawals included (issue 34, D3).
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const PIN = '1357';
const zero = { count: 0, amountCents: 0 };

describe.skipIf(!hasSecretService)('DEMO kept apart after going live', () => {
  let sb: TestSandbox;
  let host: Host;
  const service = `balcao-test-${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    sb = await sandbox();
    host = await startHost([], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_KEYCHAIN_SERVICE: service,
      BALCAO_OWNER_PIN: PIN,
    });
  });
  afterAll(async () => {
    await host?.stop();
    await sb?.close();
    for (const k of ['psp.clientId', 'psp.clientSecret']) await keytar.deletePassword(service, k);
  });

  it("a DEMO withdrawal is in DEMO's withdrawals, never in the live shop's", async () => {
    expect(await host.call('app:info', {})).toMatchObject({ value: { mode: 'demo' } });
    expect(await host.call('owner:unlock', { pin: PIN })).toMatchObject({ ok: true });
    const w = await host.call<{ id: string }>('withdrawals:create', {
      amountCents: 2500,
      pixKeyType: 'CPF',
      pixKey: '529.982.247-25',
    });
    if (!w.ok) throw new Error(w.code);
    // DEMO withdrawals settle by themselves (a few seconds).
    await eventually(async () => {
      const l = await host.call<Array<{ id: string; status: string }>>('withdrawals:list', {});
      return l.ok && l.value.find((x) => x.id === w.value.id)?.status === 'COMPLETED';
    }, 20_000);
    const saved = await host.call('onboarding:save', {
      preset: 'seed',
      baseUrl: sb.baseUrl,
      chargeOperation: 'deposit',
      clientId: DEMO_ACCOUNT.clientId,
      clientSecret: DEMO_ACCOUNT.clientSecret,
      relay: { url: '', channelId: '', token: '', adminToken: '' },
      printer: { name: '', paperWidthMm: 58, kind: 'system', address: '' },
    });
    expect(saved).toMatchObject({ ok: true, value: { mode: 'live' } });

    const day = new Date().toLocaleDateString('sv-SE');
    const closing = await host.call<DayClosingView>('history:closing', { day });
    if (!closing.ok) throw new Error(closing.code);
    // The live shop moved no money out today.
    expect(closing.value.withdrawals.total).toEqual(zero);
    expect(closing.value.withdrawals.completed).toEqual(zero);
    expect(closing.value.demoWithdrawals.completed).toEqual({ count: 1, amountCents: 2500 });
    // Saque PIX's list, after going live, still says which one was DEMO.
    const list = await host.call<Array<{ id: string; demo?: boolean }>>('withdrawals:list', {});
    expect(list.ok && list.value.find((x) => x.id === w.value.id)?.demo).toBe(true);
  }, 60_000);
});
