import { randomBytes } from 'node:crypto';
import path from 'node:path';
import keytar from 'keytar';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, shot } from '../helpers/browser';
import { stopAll } from '../helpers/stop-all';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { startRelayProcess } from '../helpers/relay-process';
import { DEMO_ACCOUNT, sandbox, type TestSandbox } from '../helpers/sandbox';
import { forgetSecrets } from '../helpers/api-pix-host';
import { fillPayer, onboardWithPin, SHOP_PAYER } from '../helpers/screens';

// An owner with only the PSP's panel, from the screens alone: onboarding on a VeoPag-type PSP
// (its webhook secret typed in, kept in the keychain), then Configurações moving the shop to the
// ci/cs member whose creation reply is in cents (the unit set on screen). Each PSP is a sandbox
// speaking that member's dialect; callbacks come through a real relay process.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const KEYS = ['psp.clientId', 'psp.clientSecret', 'psp.webhookSecret', 'relay.channelToken'];
const ADMIN = randomBytes(24).toString('hex');

let veopag: TestSandbox;
let cics: TestSandbox;
let relay: Awaited<ReturnType<typeof startRelayProcess>>;
let host: Host;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  veopag = await sandbox({ dialect: 'veopag' });
  cics = await sandbox({ dialect: 'cics-pt' });
  relay = await startRelayProcess({
    adminToken: ADMIN,
    store: `sqlite:${path.join(tempDir(), 'relay.sqlite')}`,
  });
  host = await startHost([], { BALCAO_DATA_DIR: tempDir(), BALCAO_KEYCHAIN_SERVICE: service });
  ({ browser, page } = await openPage(host.url, { width: 1280, height: 900 }));
}, 60_000);
afterAll(async () => {
  await stopAll(browser, host);
  relay?.child.kill('SIGTERM');
  await veopag?.close();
  await cics?.close();
  await forgetSecrets(service, KEYS);
});

const status = (text: RegExp | string) => page.getByRole('status').filter({ hasText: text });
const latestAt = async (sb: TestSandbox) =>
  ((await sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>).at(-1)!;

describe.skipIf(!hasSecretService)('an owner with only the PSP panel', () => {
  it('onboarding: VeoPag found by name, its webhook secret typed in → a paid sale turns Pago by its signed callback', async () => {
    await onboardWithPin(page, '4826');

    // The searchable list: "veo" leaves the current profile and VeoPag.
    await page.getByLabel('Buscar PSP pelo nome').fill('veo');
    const select = page.getByLabel('Perfil do PSP');
    expect(await select.locator('option').allTextContents()).toEqual([
      'Documentação do PSP (padrão)',
      'VeoPag (montado a partir da documentação pública)',
    ]);
    // The seed's profile signs with the client secret: no webhook secret asked for.
    expect(await page.getByLabel('Webhook secret (do painel do PSP)').count()).toBe(0);
    await select.selectOption({ label: 'VeoPag (montado a partir da documentação pública)' });
    await page.getByLabel('URL do PSP').fill(veopag.baseUrl);
    await page.getByLabel('Client ID').fill(DEMO_ACCOUNT.clientId);
    await page.getByLabel('Client Secret').fill(DEMO_ACCOUNT.clientSecret);
    await page.getByLabel('Webhook secret (do painel do PSP)').fill(DEMO_ACCOUNT.webhookSecret!);
    // Its units, shown from the profile (VeoPag: reais everywhere).
    await page.getByText('Unidades dos valores (reais ou centavos)').click();
    expect(await page.getByLabel('Unidade do valor na resposta da criação').inputValue()).toBe(
      'reais',
    );
    await page.screenshot({ path: shot('onboarding-veopag-webhook-secret'), fullPage: true });
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByLabel('URL do relay').fill(relay.url);
    await page.getByLabel('Token de administração do relay (cria o canal)').fill(ADMIN);
    await fillPayer(page, SHOP_PAYER, ' padrão');
    await page.getByRole('button', { name: 'Salvar e usar' }).click();
    await page
      .getByLabel('Valor', { exact: true })
      .waitFor()
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\n${await page.locator('body').innerText()}`);
      });
    // Write-only: in the keychain, nowhere in the settings.
    expect(await keytar.getPassword(service, 'psp.webhookSecret')).toBe(DEMO_ACCOUNT.webhookSecret);
    const saved = await host.call('settings:get', {});
    expect(JSON.stringify(saved)).not.toContain(DEMO_ACCOUNT.webhookSecret);
    expect(saved).toMatchObject({
      value: { psp: { preset: 'veopag', callback: { secret: 'webhook' } } },
    });

    // Its status query is down for this sale: Pago can only come from the signed callback.
    await veopag.control('POST', '/faults', {
      route: 'GET /transactions/deposit',
      kind: 'status',
      value: 503,
      count: 10_000,
    });
    await page.getByLabel('Valor', { exact: true }).pressSequentially('1990');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await veopag.control('POST', `/charges/${(await latestAt(veopag)).externalId}/pay`);
    await status(/^Pago$/).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: shot('veopag-pago-pelo-callback') });
  });

  it('Configurações: the ci/cs member with its creation-reply unit wrong, then set to cents → R$ 4,55 paid → Pago', async () => {
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await page.getByRole('heading', { name: 'Configurações' }).waitFor();
    // The stored webhook secret is said, and can be replaced from here.
    await page
      .getByText('Webhook secret guardado no cofre do sistema: ele confere a assinatura')
      .waitFor();
    await page.getByLabel('URL do PSP').fill(cics.baseUrl);
    await page.getByLabel('Buscar PSP pelo nome').fill('ci/cs');
    await page.getByLabel('Perfil do PSP').selectOption({ label: 'ci/cs com status em português' });
    await page.getByText('Compatibilidade do PSP (avançado)').click();
    const unit = page.getByLabel('Unidade do valor na resposta da criação');
    expect(await unit.inputValue()).toBe('cents');
    // As an install whose profile predates the correction: reais.
    await unit.selectOption('reais');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await status('Configurações salvas.').waitFor();

    await page.getByRole('button', { name: 'Caixa' }).click();
    await page.keyboard.press('Escape'); // the paid sale still on screen: a new one
    await page.getByLabel('Valor', { exact: true }).pressSequentially('455');
    await page.keyboard.press('Enter');
    // Caught before any QR, naming the setting to check.
    await page
      .getByText('Unidade do valor na resposta da criação')
      .first()
      .waitFor()
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\n${await page.locator('body').innerText()}`);
      });
    expect(await page.getByRole('img', { name: 'QR Code PIX' }).count()).toBe(0);
    await page.screenshot({ path: shot('cics-unidade-errada') });

    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await page.getByText('Compatibilidade do PSP (avançado)').click();
    await page
      .getByLabel('Unidade do valor na resposta da criação')
      .selectOption({ label: 'centavos (455)' });
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await status('Configurações salvas.').waitFor();
    expect(await host.call('settings:get', {})).toMatchObject({
      value: { psp: { createReply: { amountUnit: 'cents' }, baseUrl: cics.baseUrl } },
    });

    await page.getByRole('button', { name: 'Caixa' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Valor', { exact: true }).pressSequentially('455');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await cics.control('POST', `/charges/${(await latestAt(cics)).id}/pay`);
    // Unsigned member: Pago from its status query's answer (confirm-by-query).
    await status(/^Pago$/).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: shot('cics-pago-em-centavos') });
  });
});
