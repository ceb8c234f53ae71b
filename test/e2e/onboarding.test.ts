import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { DEMO_ACCOUNT, sandbox } from '../helpers/sandbox';
import { PSP_PROFILE_NAMES, fillPayer, SHOP_PAYER, settingsSection } from '../helpers/screens';
import { perFile } from '../helpers/per-file';
import { openFirstRun } from '../helpers/first-run';

// A new shop, as it really starts: a fresh data directory, no BALCAO_OWNER_PIN, no --psp; the
// shop's PSP is a separate sandbox process reached only through the onboarding form.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const KEYS = ['psp.clientId', 'psp.clientSecret', 'relay.channelToken'];
const keychain = () => Promise.all(KEYS.map((k) => keytar.getPassword(service, k)));

const app = perFile(async (own) => {
  const sb = own(await sandbox());
  return { sb, ...(await openFirstRun(own, service, KEYS, { width: 1280, height: 900 })) };
});

const pspCharges = async () => ((await app.sb.control('GET', '/charges')).body as unknown[]).length;

describe.skipIf(!hasSecretService)('first run: from nothing to a live charge', () => {
  it('welcome → PIN → a refused test → the right one → Salvar e usar → a live charge', async () => {
    await app.page.getByRole('heading', { name: 'Bem-vindo ao Balcão' }).waitFor();
    await app.page.screenshot({ path: shot('onboarding-1-bem-vindo') });
    await app.page.getByRole('button', { name: 'Conectar ao PSP' }).click();

    // The PIN, typed twice: two different ones are refused next to the field.
    await app.page.getByLabel('Novo PIN').fill('4826');
    await app.page.getByLabel('Confirme o PIN').fill('4827');
    await app.page.getByRole('button', { name: 'Continuar' }).click();
    await app.page.getByText('Os dois PINs não são iguais.').waitFor();
    await app.page.screenshot({ path: shot('onboarding-2-pin-diferente') });
    await app.page.getByLabel('Confirme o PIN').fill('4826');
    await app.page.getByRole('button', { name: 'Continuar' }).click();

    // The PSP: an http address is refused with the reason, before any request.
    const status = app.page
      .getByRole('status')
      .filter({ hasNotText: /Conect|Sem conexão|Consultando/ });
    expect(await app.page.getByLabel('Perfil do PSP').inputValue()).toBe('seed');
    // The presets of PSP-API.md, by the names it gives them.
    expect(await app.page.getByLabel('Perfil do PSP').locator('option').allTextContents()).toEqual(
      PSP_PROFILE_NAMES,
    );
    await app.page.getByLabel('URL do PSP').fill('http://psp.example.com/api');
    await app.page.getByLabel('Client ID').fill(DEMO_ACCOUNT.clientId);
    await app.page.getByLabel('Client Secret').fill('not-the-secret');
    await app.page.getByRole('button', { name: 'Testar conexão' }).click();
    await app.page.getByText('Use um endereço https:// (http:// só em 127.0.0.1).').waitFor();

    // Wrong credentials: named, and nothing stored anywhere.
    const settingsBefore = await app.host.call('settings:get', {});
    await app.page.getByLabel('URL do PSP').fill(app.sb.baseUrl);
    await app.page.getByRole('button', { name: 'Testar conexão' }).click();
    await status.filter({ hasText: 'O PSP recusou o Client ID ou o Client Secret' }).waitFor();
    await app.page.screenshot({ path: shot('onboarding-3-credenciais-erradas') });
    expect(await keychain()).toEqual([null, null, null]);
    expect(await app.host.call('settings:get', {})).toEqual(settingsBefore);
    expect(await app.host.call('owner:status', {})).toMatchObject({ value: { hasPin: false } });

    await app.page.getByLabel('Client Secret').fill(DEMO_ACCOUNT.clientSecret);
    await app.page.getByRole('button', { name: 'Testar conexão' }).click();
    // The seed's profile has no status query and no relay is given yet: the PSP answers, but
    // nothing would confirm a payment, and the owner is told so instead of "Conexão OK" (issue 34).
    await status.filter({ hasText: 'nada confirmaria os pagamentos' }).waitFor();
    expect(await status.filter({ hasText: 'Conexão OK' }).count()).toBe(0);
    await app.page.screenshot({ path: shot('onboarding-4-conexao-ok') });
    expect(await keychain()).toEqual([null, null, null]);

    await app.page.getByRole('button', { name: 'Continuar' }).click();
    await app.page.getByLabel('Largura do papel').selectOption('58');
    await app.page.screenshot({ path: shot('onboarding-5-relay-impressora') });
    // The default payer, so a sale at the counter is amount + Enter.
    await fillPayer(app.page, { ...SHOP_PAYER, document: '111.111.111-11' }, ' padrão');
    await app.page.getByRole('button', { name: 'Salvar e usar' }).click();
    // A wrong CPF is explained next to its field and nothing is saved yet.
    await app.page.getByText('CPF/CNPJ inválido').waitFor();
    expect(await keychain()).toEqual([null, null, null]);
    await app.page.getByLabel('CPF/CNPJ do pagador padrão').fill('123.456.789-09');
    await app.page.getByRole('button', { name: 'Salvar e usar' }).click();

    // Live at once, no reinstall: no DEMO badge, and the charge lands at the shop's PSP.
    await app.page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await app.page.getByText('DEMO', { exact: true }).count()).toBe(0);
    expect(await keychain()).toEqual([DEMO_ACCOUNT.clientId, DEMO_ACCOUNT.clientSecret, null]);
    const before = await pspCharges();
    await app.page.getByLabel('Valor', { exact: true }).pressSequentially('1990');
    await app.page.keyboard.press('Enter'); // the default payer of the first run: amount + Enter
    await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    expect(await pspCharges()).toBe(before + 1);
    expect(await app.page.getByRole('button', { name: 'Simular pagamento' }).count()).toBe(0);
    await app.page.screenshot({ path: shot('onboarding-6-primeira-cobranca') });
  });

  it('Alterar PIN needs the current PIN; Bloquear locks the owner screens at once', async () => {
    await app.page.getByRole('button', { name: 'Configurações' }).click();
    // The owner session of the first run is still open: Configurações opens without a PIN.
    await app.page.getByRole('heading', { name: 'Configurações' }).waitFor();
    await settingsSection(app.page, 'Proprietário');
    await app.page.getByLabel('PIN atual').fill('0000');
    await app.page.getByLabel('Novo PIN', { exact: true }).fill('7391');
    await app.page.getByLabel('Confirme o PIN').fill('7391');
    await app.page.getByRole('button', { name: 'Alterar PIN' }).click();
    await app.page.getByText('PIN incorreto.').waitFor();
    await app.page.getByLabel('PIN atual').fill('4826');
    await app.page.getByLabel('Novo PIN', { exact: true }).fill('7391');
    await app.page.getByLabel('Confirme o PIN').fill('7391');
    await app.page.getByRole('button', { name: 'Alterar PIN' }).click();
    await app.page.getByRole('status').filter({ hasText: 'PIN alterado.' }).waitFor();
    await app.page.screenshot({ path: shot('configuracoes-alterar-pin'), fullPage: true });

    await app.page.getByRole('button', { name: 'Bloquear' }).click();
    await app.page.getByLabel('Valor', { exact: true }).waitFor();
    expect(await app.host.call('owner:status', {})).toMatchObject({ value: { unlocked: false } });
    expect(await app.host.call('settings:update', { patch: { shopName: 'X' } })).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });

    // The PIN dialog: focus inside, Esc closes it only, focus back on the button that opened it.
    const opener = app.page.getByRole('button', { name: 'Configurações' });
    await opener.click();
    const dialog = app.page.getByRole('dialog', { name: 'PIN do proprietário' });
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) await app.page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);

    // The old PIN no longer opens it; the new one does.
    await opener.click();
    await app.page.getByLabel('PIN', { exact: true }).fill('4826');
    await app.page.keyboard.press('Enter');
    await app.page.getByText('PIN incorreto.').waitFor();
    await app.page.getByLabel('PIN', { exact: true }).fill('7391');
    await app.page.keyboard.press('Enter');
    await app.page.getByRole('heading', { name: 'Configurações' }).waitFor();
    await settingsSection(app.page, 'PSP');
    await app.page.getByRole('button', { name: 'Conectar ao PSP' }).click();
    await app.page.getByRole('heading', { name: 'Conectar ao PSP' }).waitFor();
    // The saved (non-secret) settings fill the form once read.
    await expect.poll(() => app.page.getByLabel('URL do PSP').inputValue()).toBe(app.sb.baseUrl);
    await app.page.screenshot({ path: shot('configuracoes-conectar-psp') });
  });
});
