import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, shot } from '../helpers/browser';
import { stopAll } from '../helpers/stop-all';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { DEMO_ACCOUNT, sandbox, type TestSandbox } from '../helpers/sandbox';
import { forgetSecrets } from '../helpers/api-pix-host';
import { PSP_PROFILE_NAMES, fillPayer } from '../helpers/screens';

// A new shop, as it really starts: a fresh data directory, no BALCAO_OWNER_PIN, no --psp; the
// shop's PSP is a separate sandbox process reached only through the onboarding form.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const KEYS = ['psp.clientId', 'psp.clientSecret', 'relay.channelToken'];
const keychain = () => Promise.all(KEYS.map((k) => keytar.getPassword(service, k)));

let sb: TestSandbox;
let host: Host;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  sb = await sandbox();
  host = await startHost([], { BALCAO_DATA_DIR: tempDir(), BALCAO_KEYCHAIN_SERVICE: service });
  ({ browser, page } = await openPage(host.url, { width: 1280, height: 900 }));
});
afterAll(async () => {
  await stopAll(browser, host, sb);
  await forgetSecrets(service, KEYS);
});

const pspCharges = async () => ((await sb.control('GET', '/charges')).body as unknown[]).length;

describe.skipIf(!hasSecretService)('first run: from nothing to a live charge', () => {
  it('welcome → PIN → a refused test → the right one → Salvar e usar → a live charge', async () => {
    await page.getByRole('heading', { name: 'Bem-vindo ao Balcão' }).waitFor();
    await page.screenshot({ path: shot('onboarding-1-bem-vindo') });
    await page.getByRole('button', { name: 'Conectar ao PSP' }).click();

    // The PIN, typed twice: two different ones are refused next to the field.
    await page.getByLabel('Novo PIN').fill('4826');
    await page.getByLabel('Confirme o PIN').fill('4827');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Os dois PINs não são iguais.').waitFor();
    await page.screenshot({ path: shot('onboarding-2-pin-diferente') });
    await page.getByLabel('Confirme o PIN').fill('4826');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The PSP: an http address is refused with the reason, before any request.
    const status = page
      .getByRole('status')
      .filter({ hasNotText: /Conect|Sem conexão|Consultando/ });
    expect(await page.getByLabel('Perfil do PSP').inputValue()).toBe('seed');
    // The presets of PSP-API.md, by the names it gives them.
    expect(await page.getByLabel('Perfil do PSP').locator('option').allTextContents()).toEqual(
      PSP_PROFILE_NAMES,
    );
    await page.getByLabel('URL do PSP').fill('http://psp.example.com/api');
    await page.getByLabel('Client ID').fill(DEMO_ACCOUNT.clientId);
    await page.getByLabel('Client Secret').fill('not-the-secret');
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await page.getByText('Use um endereço https:// (http:// só em 127.0.0.1).').waitFor();

    // Wrong credentials: named, and nothing stored anywhere.
    const settingsBefore = await host.call('settings:get', {});
    await page.getByLabel('URL do PSP').fill(sb.baseUrl);
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await status.filter({ hasText: 'O PSP recusou o Client ID ou o Client Secret' }).waitFor();
    await page.screenshot({ path: shot('onboarding-3-credenciais-erradas') });
    expect(await keychain()).toEqual([null, null, null]);
    expect(await host.call('settings:get', {})).toEqual(settingsBefore);
    expect(await host.call('owner:status', {})).toMatchObject({ value: { hasPin: false } });

    await page.getByLabel('Client Secret').fill(DEMO_ACCOUNT.clientSecret);
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await status.filter({ hasText: 'Conexão OK' }).waitFor();
    await page.screenshot({ path: shot('onboarding-4-conexao-ok') });
    expect(await keychain()).toEqual([null, null, null]);

    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Largura do papel').selectOption('58');
    await page.screenshot({ path: shot('onboarding-5-relay-impressora') });
    // The default payer, so a sale at the counter is amount + Enter.
    await fillPayer(
      page,
      {
        name: 'Consumidor',
        document: '111.111.111-11',
        email: 'caixa@padaria.com.br',
        phone: '(11) 91234-5678',
      },
      ' padrão',
    );
    await page.getByRole('button', { name: 'Salvar e usar' }).click();
    // A wrong CPF is explained next to its field and nothing is saved yet.
    await page.getByText('CPF/CNPJ inválido').waitFor();
    expect(await keychain()).toEqual([null, null, null]);
    await page.getByLabel('CPF/CNPJ do pagador padrão').fill('123.456.789-09');
    await page.getByRole('button', { name: 'Salvar e usar' }).click();

    // Live at once, no reinstall: no DEMO badge, and the charge lands at the shop's PSP.
    await page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await page.getByText('DEMO', { exact: true }).count()).toBe(0);
    expect(await keychain()).toEqual([DEMO_ACCOUNT.clientId, DEMO_ACCOUNT.clientSecret, null]);
    const before = await pspCharges();
    await page.getByLabel('Valor', { exact: true }).pressSequentially('1990');
    await page.keyboard.press('Enter'); // the default payer of the first run: amount + Enter
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    expect(await pspCharges()).toBe(before + 1);
    expect(await page.getByRole('button', { name: 'Simular pagamento' }).count()).toBe(0);
    await page.screenshot({ path: shot('onboarding-6-primeira-cobranca') });
  });

  it('Alterar PIN needs the current PIN; Bloquear locks the owner screens at once', async () => {
    await page.getByRole('button', { name: 'Configurações' }).click();
    // The owner session of the first run is still open: Configurações opens without a PIN.
    await page.getByRole('heading', { name: 'Configurações' }).waitFor();
    await page.getByLabel('PIN atual').fill('0000');
    await page.getByLabel('Novo PIN', { exact: true }).fill('7391');
    await page.getByLabel('Confirme o PIN').fill('7391');
    await page.getByRole('button', { name: 'Alterar PIN' }).click();
    await page.getByText('PIN incorreto.').waitFor();
    await page.getByLabel('PIN atual').fill('4826');
    await page.getByLabel('Novo PIN', { exact: true }).fill('7391');
    await page.getByLabel('Confirme o PIN').fill('7391');
    await page.getByRole('button', { name: 'Alterar PIN' }).click();
    await page.getByRole('status').filter({ hasText: 'PIN alterado.' }).waitFor();
    await page.screenshot({ path: shot('configuracoes-alterar-pin'), fullPage: true });

    await page.getByRole('button', { name: 'Bloquear' }).click();
    await page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await host.call('owner:status', {})).toMatchObject({ value: { unlocked: false } });
    expect(await host.call('settings:update', { patch: { shopName: 'X' } })).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });

    // The PIN dialog: focus inside, Esc closes it only, focus back on the button that opened it.
    const opener = page.getByRole('button', { name: 'Configurações' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'PIN do proprietário' });
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);

    // The old PIN no longer opens it; the new one does.
    await opener.click();
    await page.getByLabel('PIN', { exact: true }).fill('4826');
    await page.keyboard.press('Enter');
    await page.getByText('PIN incorreto.').waitFor();
    await page.getByLabel('PIN', { exact: true }).fill('7391');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Configurações' }).waitFor();
    await page.getByRole('button', { name: 'Conectar ao PSP' }).click();
    await page.getByRole('heading', { name: 'Conectar ao PSP' }).waitFor();
    // The saved (non-secret) settings fill the form once read.
    await expect.poll(() => page.getByLabel('URL do PSP').inputValue()).toBe(sb.baseUrl);
    await page.screenshot({ path: shot('configuracoes-conectar-psp') });
  });
});
