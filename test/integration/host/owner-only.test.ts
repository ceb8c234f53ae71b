// `Este computador: Só proprietário` (issue 36, Deliver 3): the development host started with
// --owner-only, on the PSP sandbox, with the PDV's local API and TEF Dial folder on. Every path
// that charges money in is refused in the main process with OWNER_ONLY_NO_CHARGE, and nothing
// reaches the PSP or the ledger; switched back to Caixa, the same paths sell again.
import { describe, expect, it } from 'vitest';
import { payer, tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';
import { perFile } from '../../helpers/per-file';
import { setPdvPayer } from '../../helpers/pdv-host';
import { DEMO_ACCOUNT, eventually, sandbox } from '../../helpers/sandbox';
import { StandInPdv } from '../../helpers/stand-in-pdv';

const PIN = '2468';
const TOKEN = 'blc_test-token-for-the-owner-only-0123456789';
const app = perFile(async (own) => {
  const sb = own(await sandbox());
  const pdvDir = tempDir('balcao-pdv-');
  const dataDir = tempDir();
  const host = own(
    await startHost(
      ['--psp', sb.baseUrl, '--pdv-api-port', '0', '--pdv-dir', pdvDir, '--owner-only'],
      {
        BALCAO_DATA_DIR: dataDir,
        BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
        BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
        BALCAO_OWNER_PIN: PIN,
        BALCAO_PDV_TOKEN: TOKEN,
        BALCAO_KEYCHAIN_SERVICE: `balcao-test-owner-only-${process.pid}`,
      },
    ),
  );
  const api = await eventually(async () => /PDV API on (\S+)/.exec(host.output())?.[1]);
  // The PDV sends only an amount: without the owner's payer, TEF Dial would wait for the Caixa.
  await setPdvPayer(host, PIN);
  expect((await host.call('owner:lock', {})).ok).toBe(true);
  return { sb, host, api, pdv: new StandInPdv(pdvDir) };
});

const pspCount = async () => ((await app.sb.control('GET', '/charges')).body as unknown[]).length;
const apiSale = async (reference: string) => {
  const res = await fetch(`${app.api}/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amountCents: 1_990, reference }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const ledgerCharges = async () => {
  const r = await app.host.call<unknown[]>('charges:list', {});
  if (!r.ok) throw new Error(r.code);
  return r.value.length;
};

describe('an owner-only PC (--owner-only)', () => {
  it('says so in app:info and charges nothing: Caixa, local API, TEF Dial', async () => {
    const info = await app.host.call<{ ownerOnly?: boolean }>('app:info', {});
    expect(info).toMatchObject({ ok: true, value: { ownerOnly: true } });

    // The Caixa's call (the renderer's IPC), as a cashier or the owner.
    const sale = await app.host.call('charges:create', { amountCents: 1_234, payer });
    expect(sale).toMatchObject({ ok: false, kind: 'conflict', code: 'OWNER_ONLY_NO_CHARGE' });
    expect((await app.host.call('owner:unlock', { pin: PIN })).ok).toBe(true);
    const asOwner = await app.host.call('charges:create', { amountCents: 1_234, payer });
    expect(asOwner).toMatchObject({ ok: false, code: 'OWNER_ONLY_NO_CHARGE' });

    // The PDV's local API: 409 with the code, and the reference is not used up.
    expect(await apiSale('venda-77')).toEqual({
      status: 409,
      body: { error: 'OWNER_ONLY_NO_CHARGE' },
    });

    // TEF Dial: the PDV is answered "not approved" with the reason, never handed to a Caixa.
    const crt = await app.pdv.sale(2_500);
    const { answer } = await crt.result();
    expect(answer.get('009-000')).not.toBe('0');
    expect(answer.get('030-000')).toBe('COMPUTADOR DO PROPRIETARIO: NAO COBRA');
    expect(app.host.events.some((e) => e.event === 'pdv:prefill' || e.event === 'pdv:sale')).toBe(
      false,
    );

    // Nothing reached the PSP nor the ledger.
    expect(await pspCount()).toBe(0);
    expect(await ledgerCharges()).toBe(0);
  });

  it('switched back to Caixa, the same paths sell again (the same PDV reference too)', async () => {
    expect((await app.host.call('owner:unlock', { pin: PIN })).ok).toBe(true);
    const back = await app.host.call('settings:update', { patch: { station: 'counter' } });
    expect(back.ok).toBe(true);
    const info = await app.host.call<{ ownerOnly?: boolean }>('app:info', {});
    expect(info.ok && info.value.ownerOnly).toBeFalsy();
    const sale = await app.host.call('charges:create', { amountCents: 1_234, payer });
    expect(sale).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    expect(await apiSale('venda-77')).toMatchObject({
      status: 201,
      body: { reference: 'venda-77', amountCents: 1_990 },
    });
    const crt = await app.pdv.sale(2_500);
    await eventually(async () =>
      app.host.events.some((e) => e.event === 'pdv:sale') ? true : undefined,
    );
    expect(crt.id).toBeTruthy();
    expect(await pspCount()).toBe(3);
    // Made owner-only again, it refuses again at once.
    await app.host.call('settings:update', { patch: { station: 'owner-only' } });
    expect(await app.host.call('charges:create', { amountCents: 99, payer })).toMatchObject({
      code: 'OWNER_ONLY_NO_CHARGE',
    });
  });
});
