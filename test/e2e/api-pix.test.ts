import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSandboxPki } from '../../sandbox/api-pix/pki';
import { API_PIX_ACCOUNT, apiPixSandbox } from '../helpers/api-pix';
import { openPage, shot } from '../helpers/browser';
import { decodeQr, startOver } from '../helpers/cashier';
import { apiPixHost, forgetSecrets } from '../helpers/api-pix-host';
import {
  fillPayer,
  onboardWithPin,
  pinIfAsked,
  SHOP_PAYER,
  settingsSection,
} from '../helpers/screens';
import { perFile } from '../helpers/per-file';
import {
  charge,
  chargeToQr,
  cobOf,
  fillApiPixAccount,
  payUntilPago,
} from '../helpers/api-pix-screens';

// Issue 26 through the development host and Chromium: an owner picks "API Pix (padrão do Banco
// Central)", pastes the client certificate, sees each certificate fault in words at Testar
// conexão, goes live; the cashier charges, the dynamic QR is verified before it shows, the
// sandbox's payment turns it Pago by the status query; a cancel reaches the PSP; a tampered or
// wrong-amount JWS shows no QR. The sandbox speaks real mutual TLS on loopback; its CA is
// trusted by this development host only (--api-pix-ca).
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const KEYS = [
  'psp.clientId',
  'psp.clientSecret',
  'psp.apiPixCert',
  'psp.apiPixKey',
  'psp.apiPixKeyPassword',
];

const app = perFile(async (own) => {
  const sb = own(await apiPixSandbox());
  // The same CA, a server certificate for another name: "a certificate for another host".
  const wrongHost = own(
    await apiPixSandbox({
      pki: await makeSandboxPki({ ca: sb.pki.ca, serverHosts: ['pix.outro-banco.test'] }),
    }),
  );
  const host = own(await apiPixHost(sb, service));
  const { page } = own(await openPage(host.url, { width: 1280, height: 1100 }));
  return { sb, wrongHost, host, page };
}, 90_000);
afterAll(() => forgetSecrets(service, KEYS));

const qr = () => app.page.getByRole('img', { name: 'QR Code PIX' });
const lineOf = (name: string) =>
  app.page
    .getByRole('list', { name: 'Testar conexão' })
    .getByRole('listitem')
    .filter({ hasText: name });
async function testConnection() {
  await app.page.getByRole('button', { name: 'Testar conexão' }).click();
  await app.page.getByRole('list', { name: 'Testar conexão' }).waitFor({ timeout: 20_000 });
}
async function certificate(cert: string, key: string) {
  await app.page.getByLabel('Certificado (PEM)', { exact: true }).fill(cert);
  await app.page.getByLabel('Chave privada (PEM)', { exact: true }).fill(key);
}
describe.skipIf(!hasSecretService)('API Pix (padrão do Banco Central) end to end', () => {
  it('onboarding: API Pix chosen, each certificate fault in words, then all ✓ and live', async () => {
    await onboardWithPin(app.page, '4826');

    await app.page.getByLabel('Tipo de PSP').selectOption('api-pix');
    // The banks with presets are offered beside "another bank".
    expect(
      await app.page.getByLabel('Banco (API Pix)').locator('option').allTextContents(),
    ).toEqual(expect.arrayContaining(['Efí (ex-Gerencianet)', 'Banco Inter', 'Sicoob']));
    await app.page.getByLabel('Banco (API Pix)').selectOption('efi');
    expect(await app.page.getByLabel('URL do PSP').inputValue()).toBe(
      'https://pix.api.efipay.com.br/v2',
    );
    await app.page.getByLabel('Banco (API Pix)').selectOption('');
    await fillApiPixAccount(app.page, app.sb);

    // Expired.
    const expired = await app.sb.pki.ca.issue({ cn: 'Loja Teste LTDA', validDays: -2 });
    await certificate(expired.certPem, expired.keyPem);
    await testConnection();
    await lineOf('Certificado do cliente').filter({ hasText: 'venceu em' }).waitFor();
    await app.page.screenshot({ path: shot('api-pix-certificado-vencido') });

    // Without its key.
    await certificate(app.sb.pki.client.certPem, '');
    await testConnection();
    await lineOf('Certificado do cliente').filter({ hasText: 'Falta a chave privada' }).waitFor();

    // A PSP whose server certificate names another host.
    await certificate(app.sb.pki.client.certPem, app.sb.pki.client.keyPem);
    await app.page.getByLabel('URL do PSP').fill(app.wrongHost.baseUrl);
    await app.page.getByLabel('URL do token').fill(app.wrongHost.tokenUrl);
    await testConnection();
    await lineOf('TLS mútuo').filter({ hasText: 'certificado de outro endereço' }).waitFor();

    // The right one: every line ✓, nothing stored yet.
    await app.page.getByLabel('URL do PSP').fill(app.sb.baseUrl);
    await app.page.getByLabel('URL do token').fill(app.sb.tokenUrl);
    await testConnection();
    for (const name of ['Certificado do cliente', 'TLS mútuo', 'Token OAuth', 'Consulta de status'])
      await lineOf(name).filter({ hasText: 'OK' }).waitFor();
    await app.page.getByRole('status').filter({ hasText: 'Conexão OK' }).waitFor();
    await app.page.screenshot({ path: shot('api-pix-conexao-ok') });
    expect(await keytar.getPassword(service, 'psp.apiPixCert')).toBeNull();

    await app.page.getByRole('button', { name: 'Continuar' }).click();
    await fillPayer(app.page, SHOP_PAYER, ' padrão');
    await app.page.getByRole('button', { name: 'Salvar e usar' }).click();
    // No relay given: the PSP has nowhere to post its webhook, and the owner is told so.
    const webhook = app.page.getByRole('status', { name: 'Webhook registrado no PSP' });
    await webhook.filter({ hasText: '✗' }).filter({ hasText: 'Sem relay' }).waitFor();
    await app.page.getByRole('button', { name: 'Ir para o Caixa' }).click();
    await app.page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await keytar.getPassword(service, 'psp.apiPixCert')).toBe(app.sb.pki.client.certPem);
    expect(await keytar.getPassword(service, 'psp.apiPixKey')).toBe(app.sb.pki.client.keyPem);
    expect(await app.host.call('settings:get', {})).toMatchObject({
      ok: true,
      value: { psp: { kind: 'api-pix', apiPix: { chave: API_PIX_ACCOUNT.chave } } },
    });
  }, 120_000);

  it('charge → the verified dynamic QR on screen → the sandbox pays → Pago by the status query', async () => {
    const cob = await chargeToQr(app.page, app.sb, 1234);
    const read = await decodeQr(qr());
    expect(read.payload).toBe(await app.page.getByTestId('pix-copia-e-cola').textContent());
    expect(cob.status).toBe('ATIVA');
    expect(read.payload).toContain(`qr/v2/${cob.loc.token}`);
    await payUntilPago(app.page, app.sb, cob.txid, 30_000);
    await app.page.screenshot({ path: shot('api-pix-pago') });
    await startOver(app.page);
  }, 60_000);

  it('Cancelar cobrança cancels the cob at the PSP', async () => {
    await charge(app.page, '990');
    await qr().waitFor({ timeout: 15_000 });
    await app.page.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await app.page.getByRole('button', { name: 'Sim, cancelar' }).click();
    await app.page.getByRole('status').filter({ hasText: 'Cancelado' }).first().waitFor();
    await expect.poll(() => cobOf(app.sb, 990)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await startOver(app.page);
  }, 60_000);

  it.each([
    ['tamper', 'não pôde ser conferido como o banco do pagador', 1111],
    ['wrong-amount', 'é diferente desta venda', 2222],
  ] as const)(
    'a %s JWS at the location: no QR, and the cashier is told why',
    async (jws, words, cents) => {
      await app.sb.control('PUT', '/faults', { jws });
      try {
        await charge(app.page, String(cents));
        await app.page
          .getByRole('status')
          .filter({ hasText: 'Falhou' })
          .waitFor({ timeout: 15_000 });
        expect(await qr().count()).toBe(0);
        await app.page.screenshot({ path: shot(`api-pix-jws-${jws}`) });
        await app.page.getByText(words).first().waitFor();
      } finally {
        await app.sb.control('PUT', '/faults', {});
        await startOver(app.page);
      }
    },
    60_000,
  );

  it('Saldo says the API Pix does not offer it, instead of failing', async () => {
    await app.page.getByRole('button', { name: 'Saldo' }).click();
    await app.page.getByRole('status').filter({ hasText: 'Não oferecido por este PSP' }).waitFor();
    await app.page.getByRole('button', { name: 'Caixa' }).click();
  });

  it('Configurações shows the API Pix rows and only whether a certificate is stored', async () => {
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await pinIfAsked(app.page, app.page.getByRole('tab', { name: 'PSP' }), '4826');
    await settingsSection(app.page, 'PSP');
    const kind = app.page.getByLabel('Tipo de PSP');
    expect(await kind.inputValue()).toBe('api-pix');
    expect(await app.page.getByLabel('Chave PIX da loja').inputValue()).toBe(API_PIX_ACCOUNT.chave);
    expect(await app.page.getByLabel('URL do token').inputValue()).toBe(app.sb.tokenUrl);
    // The family's profile is not offered for this kind; the certificate is never shown back.
    expect(await app.page.getByLabel('Perfil do PSP').count()).toBe(0);
    await app.page.getByText('Há um certificado guardado no cofre do sistema').waitFor();
    expect(await app.page.getByLabel('Certificado (PEM)', { exact: true }).inputValue()).toBe('');
    // The last save's webhook registration, as the onboarding said it.
    await app.page
      .getByRole('status', { name: 'Webhook registrado no PSP' })
      .filter({ hasText: 'Sem relay' })
      .waitFor();
    await app.page.screenshot({ path: shot('api-pix-configuracoes') });
    await app.page.getByRole('button', { name: 'Caixa' }).click();
  });
});
