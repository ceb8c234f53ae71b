import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';
import { perFile } from '../../helpers/per-file';
import { DEMO_ACCOUNT, eventually, sandbox } from '../../helpers/sandbox';

// A PDV sends its customer with the sale: the local API needs no `Pagador padrão` then, and
// checks the payer like the cashier's own form (issue 34).
const TOKEN = 'blc_test-token-for-the-local-api-payer-0123456';
const app = perFile(async (own) => {
  const sb = own(await sandbox());
  const host = own(
    await startHost(['--psp', sb.baseUrl, '--pdv-api-port', '0'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
      BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
      BALCAO_OWNER_PIN: '2468',
      BALCAO_PDV_TOKEN: TOKEN,
      BALCAO_KEYCHAIN_SERVICE: `balcao-test-api-payer-${process.pid}`,
    }),
  );
  const api = await eventually(async () => /PDV API on (\S+)/.exec(host.output())?.[1]);
  return { sb, host, api };
});

const post = async (body: unknown) => {
  const res = await fetch(`${app.api}/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const pspCharges = async () =>
  (await app.sb.control('GET', '/charges')).body as Array<Record<string, unknown>>;

const PAYER = {
  name: 'João da Silva',
  document: '529.982.247-25',
  email: 'joao@example.com',
  phone: '(11) 91234-5678',
};

describe('the local API without a default payer', () => {
  it('refuses a sale with no payer, in words of the field, and charges nothing', async () => {
    const r = await post({ amountCents: 1500, reference: 'sem-pagador' });
    expect(r).toEqual({ status: 422, body: { error: 'PAYER_NAME_EMPTY', field: 'payer' } });
    expect(await pspCharges()).toEqual([]);
  });

  it('checks the sent payer like the cashier: a wrong CPF, a missing e-mail, a bad shape', async () => {
    const cpf = await post({
      amountCents: 1500,
      reference: 'cpf-errado',
      payer: { ...PAYER, document: '529.982.247-26' },
    });
    expect(cpf).toEqual({
      status: 422,
      body: { error: 'DOCUMENT_INVALID', field: 'payer.document' },
    });
    const { email: _, ...noEmail } = PAYER;
    const mail = await post({ amountCents: 1500, reference: 'sem-email', payer: noEmail });
    expect(mail).toEqual({ status: 422, body: { error: 'EMAIL_INVALID', field: 'payer.email' } });
    for (const payer of ['João', { ...PAYER, cpf: '1' }, { ...PAYER, name: 'x'.repeat(101) }])
      expect(await post({ amountCents: 1500, reference: 'forma', payer })).toEqual({
        status: 422,
        body: { error: 'PDV_API_PAYER', field: 'payer' },
      });
    expect(await pspCharges()).toEqual([]);
    // A refused reference is not spent: the same reference sells once the payer is right.
    const again = await post({ amountCents: 1500, reference: 'cpf-errado', payer: PAYER });
    expect(again.status).toBe(201);
  });

  it('charges with the payer it was sent: the PSP records that name and CPF', async () => {
    const r = await post({ amountCents: 2590, reference: 'com-pagador-1', payer: PAYER });
    expect(r.status).toBe(201);
    const psp = (await pspCharges()).find((c) => c.externalId === r.body.externalId);
    expect(psp).toMatchObject({ payerName: 'João da Silva', payerDocument: '52998224725' });
  });
});
