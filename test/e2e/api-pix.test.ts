import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandboxPki } from '../../sandbox/api-pix/pki';
import { API_PIX_ACCOUNT, apiPixSandbox } from '../helpers/api-pix';
import { openPage, shot } from '../helpers/browser';
import { stopAll } from '../helpers/stop-all';
import { decodeQr, startOver } from '../helpers/cashier';
import { type Host } from '../helpers/devhost';
import { apiPixHost, forgetSecrets } from '../helpers/api-pix-host';
import { fillPayer, onboardWithPin, pinIfAsked, SHOP_PAYER } from '../helpers/screens';

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

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;
let sb: Sb;
let wrongHost: Sb;
let host: Host;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  sb = await apiPixSandbox();
  // The same CA, a server certificate for another name: "a certificate for another host".
  wrongHost = await apiPixSandbox({
    pki: await makeSandboxPki({ ca: sb.pki.ca, serverHosts: ['pix.outro-banco.test'] }),
  });
  host = await apiPixHost(sb, service);
  ({ browser, page } = await openPage(host.url, { width: 1280, height: 1100 }));
}, 90_000);
afterAll(async () => {
  await stopAll(browser, host, sb);
  await wrongHost?.close();
  await forgetSecrets(service, KEYS);
});

const qr = () => page.getByRole('img', { name: 'QR Code PIX' });
const lineOf = (name: string) =>
  page
    .getByRole('list', { name: 'Testar conexão' })
    .getByRole('listitem')
    .filter({ hasText: name });
async function testConnection() {
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await page.getByRole('list', { name: 'Testar conexão' }).waitFor({ timeout: 20_000 });
}
async function certificate(cert: string, key: string) {
  await page.getByLabel('Certificado (PEM)', { exact: true }).fill(cert);
  await page.getByLabel('Chave privada (PEM)', { exact: true }).fill(key);
}
async function charge(digits: string) {
  await page.getByLabel('Valor', { exact: true }).focus();
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
}
/** The sandbox's cob for an amount, the newest one. */
const cobOf = (cents: number) =>
  [...sb.state.cobs.values()].filter((c) => c.valorCents === cents).at(-1);

describe.skipIf(!hasSecretService)('API Pix (padrão do Banco Central) end to end', () => {
  it('onboarding: API Pix chosen, each certificate fault in words, then all ✓ and live', async () => {
    await onboardWithPin(page, '4826');

    await page.getByLabel('Tipo de PSP').selectOption('api-pix');
    // The banks with presets are offered beside "another bank".
    expect(await page.getByLabel('Banco (API Pix)').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Efí (ex-Gerencianet)', 'Banco Inter', 'Sicoob']),
    );
    await page.getByLabel('Banco (API Pix)').selectOption('efi');
    expect(await page.getByLabel('URL do PSP').inputValue()).toBe(
      'https://pix.api.efipay.com.br/v2',
    );
    await page.getByLabel('Banco (API Pix)').selectOption('');
    await page.getByLabel('URL do PSP').fill(sb.baseUrl);
    await page.getByLabel('URL do token').fill(sb.tokenUrl);
    await page.getByLabel('Chave PIX da loja').fill(API_PIX_ACCOUNT.chave);
    await page.getByLabel('Client ID').fill(API_PIX_ACCOUNT.clientId);
    await page.getByLabel('Client Secret').fill(API_PIX_ACCOUNT.clientSecret);

    // Expired.
    const expired = await sb.pki.ca.issue({ cn: 'Loja Teste LTDA', validDays: -2 });
    await certificate(expired.certPem, expired.keyPem);
    await testConnection();
    await lineOf('Certificado do cliente').filter({ hasText: 'venceu em' }).waitFor();
    await page.screenshot({ path: shot('api-pix-certificado-vencido') });

    // Without its key.
    await certificate(sb.pki.client.certPem, '');
    await testConnection();
    await lineOf('Certificado do cliente').filter({ hasText: 'Falta a chave privada' }).waitFor();

    // A PSP whose server certificate names another host.
    await certificate(sb.pki.client.certPem, sb.pki.client.keyPem);
    await page.getByLabel('URL do PSP').fill(wrongHost.baseUrl);
    await page.getByLabel('URL do token').fill(wrongHost.tokenUrl);
    await testConnection();
    await lineOf('TLS mútuo').filter({ hasText: 'certificado de outro endereço' }).waitFor();

    // The right one: every line ✓, nothing stored yet.
    await page.getByLabel('URL do PSP').fill(sb.baseUrl);
    await page.getByLabel('URL do token').fill(sb.tokenUrl);
    await testConnection();
    for (const name of ['Certificado do cliente', 'TLS mútuo', 'Token OAuth', 'Consulta de status'])
      await lineOf(name).filter({ hasText: 'OK' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Conexão OK' }).waitFor();
    await page.screenshot({ path: shot('api-pix-conexao-ok') });
    expect(await keytar.getPassword(service, 'psp.apiPixCert')).toBeNull();

    await page.getByRole('button', { name: 'Continuar' }).click();
    await fillPayer(page, SHOP_PAYER, ' padrão');
    await page.getByRole('button', { name: 'Salvar e usar' }).click();
    // No relay given: the PSP has nowhere to post its webhook, and the owner is told so.
    const webhook = page.getByRole('status', { name: 'Webhook registrado no PSP' });
    await webhook.filter({ hasText: '✗' }).filter({ hasText: 'Sem relay' }).waitFor();
    await page.getByRole('button', { name: 'Ir para o Caixa' }).click();
    await page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await keytar.getPassword(service, 'psp.apiPixCert')).toBe(sb.pki.client.certPem);
    expect(await keytar.getPassword(service, 'psp.apiPixKey')).toBe(sb.pki.client.keyPem);
    expect(await host.call('settings:get', {})).toMatchObject({
      ok: true,
      value: { psp: { kind: 'api-pix', apiPix: { chave: API_PIX_ACCOUNT.chave } } },
    });
  }, 120_000);

  it('charge → the verified dynamic QR on screen → the sandbox pays → Pago by the status query', async () => {
    await charge('1234');
    await qr().waitFor({ timeout: 15_000 });
    const read = await decodeQr(qr());
    expect(read.payload).toBe(await page.getByTestId('pix-copia-e-cola').textContent());
    const cob = cobOf(1234)!;
    expect(cob.status).toBe('ATIVA');
    expect(read.payload).toContain(`qr/v2/${cob.loc.token}`);
    await sb.control('POST', `/pay/${cob.txid}`);
    await page.getByRole('status').filter({ hasText: 'Pago' }).first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: shot('api-pix-pago') });
    await startOver(page);
  }, 60_000);

  it('Cancelar cobrança cancels the cob at the PSP', async () => {
    await charge('990');
    await qr().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await page.getByRole('button', { name: 'Sim, cancelar' }).click();
    await page.getByRole('status').filter({ hasText: 'Cancelado' }).first().waitFor();
    await expect.poll(() => cobOf(990)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await startOver(page);
  }, 60_000);

  it.each([
    ['tamper', 'não pôde ser conferido como o banco do pagador', 1111],
    ['wrong-amount', 'é diferente desta venda', 2222],
  ] as const)(
    'a %s JWS at the location: no QR, and the cashier is told why',
    async (jws, words, cents) => {
      await sb.control('PUT', '/faults', { jws });
      try {
        await charge(String(cents));
        await page.getByRole('status').filter({ hasText: 'Falhou' }).waitFor({ timeout: 15_000 });
        expect(await qr().count()).toBe(0);
        await page.screenshot({ path: shot(`api-pix-jws-${jws}`) });
        await page.getByText(words).first().waitFor();
      } finally {
        await sb.control('PUT', '/faults', {});
        await startOver(page);
      }
    },
    60_000,
  );

  it('Saldo says the API Pix does not offer it, instead of failing', async () => {
    await page.getByRole('button', { name: 'Saldo' }).click();
    await page.getByRole('status').filter({ hasText: 'Não oferecido por este PSP' }).waitFor();
    await page.getByRole('button', { name: 'Caixa' }).click();
  });

  it('Configurações shows the API Pix rows and only whether a certificate is stored', async () => {
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    const kind = page.getByLabel('Tipo de PSP');
    await pinIfAsked(page, kind, '4826');
    expect(await kind.inputValue()).toBe('api-pix');
    expect(await page.getByLabel('Chave PIX da loja').inputValue()).toBe(API_PIX_ACCOUNT.chave);
    expect(await page.getByLabel('URL do token').inputValue()).toBe(sb.tokenUrl);
    // The family's profile is not offered for this kind; the certificate is never shown back.
    expect(await page.getByLabel('Perfil do PSP').count()).toBe(0);
    await page.getByText('Há um certificado guardado no cofre do sistema').waitFor();
    expect(await page.getByLabel('Certificado (PEM)', { exact: true }).inputValue()).toBe('');
    // The last save's webhook registration, as the onboarding said it.
    await page
      .getByRole('status', { name: 'Webhook registrado no PSP' })
      .filter({ hasText: 'Sem relay' })
      .waitFor();
    await page.screenshot({ path: shot('api-pix-configuracoes') });
    await page.getByRole('button', { name: 'Caixa' }).click();
  });
});
