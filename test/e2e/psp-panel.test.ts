import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { DEMO_ACCOUNT, sandbox, type TestSandbox } from '../helpers/sandbox';
import { fillPayer, onboardWithPin, settingsSection, SHOP_PAYER } from '../helpers/screens';
import { perFile } from '../helpers/per-file';
import { openFirstRun, ownRelayProcess } from '../helpers/first-run';

// An owner with only the PSP's panel, from the screens alone: onboarding on a VeoPag-type PSP
// (its webhook secret typed in, kept in the keychain), then Configurações moving the shop to the
// ci/cs member whose creation reply is in cents (the unit set on screen). Each PSP is a sandbox
// speaking that member's dialect; callbacks come through a real relay process.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const KEYS = ['psp.clientId', 'psp.clientSecret', 'psp.webhookSecret', 'relay.channelToken'];
const ADMIN = randomBytes(24).toString('hex');

const app = perFile(async (own) => {
  const veopag = own(await sandbox({ dialect: 'veopag' }));
  const cics = own(await sandbox({ dialect: 'cics-pt' }));
  const relay = await ownRelayProcess(own, ADMIN);
  const shop = await openFirstRun(own, service, KEYS, { width: 1280, height: 900 });
  return { veopag, cics, relay, ...shop };
}, 60_000);

const status = (text: RegExp | string) => app.page.getByRole('status').filter({ hasText: text });
const latestAt = async (sb: TestSandbox) =>
  ((await sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>).at(-1)!;
/**
 * A sale of `digits` charged on the Caixa, then paid at `sb` (the charge named by the id that
 * dialect routes by): the screen turns Pago; a screenshot `name`.
 */
async function saleTurnsPago(
  sb: TestSandbox,
  digits: string,
  id: 'id' | 'externalId',
  name: string,
) {
  await app.page.getByLabel('Valor', { exact: true }).pressSequentially(digits);
  await app.page.keyboard.press('Enter');
  await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
  await sb.control('POST', `/charges/${(await latestAt(sb))[id]}/pay`);
  await status(/^Pago$/).waitFor({ timeout: 30_000 });
  await app.page.screenshot({ path: shot(name) });
}

describe.skipIf(!hasSecretService)('an owner with only the PSP panel', () => {
  it('onboarding: VeoPag found by name, its webhook secret typed in → a paid sale turns Pago by its signed callback', async () => {
    await onboardWithPin(app.page, '4826');

    // The searchable list: "veo" leaves the current profile and VeoPag.
    await app.page.getByLabel('Buscar PSP pelo nome').fill('veo');
    const select = app.page.getByLabel('Perfil do PSP');
    expect(await select.locator('option').allTextContents()).toEqual([
      'Documentação do PSP (padrão)',
      'VeoPag (montado a partir da documentação pública)',
    ]);
    // The seed's profile signs with the client secret: no webhook secret asked for.
    expect(await app.page.getByLabel('Webhook secret (do painel do PSP)').count()).toBe(0);
    await select.selectOption({ label: 'VeoPag (montado a partir da documentação pública)' });
    await app.page.getByLabel('URL do PSP').fill(app.veopag.baseUrl);
    await app.page.getByLabel('Client ID').fill(DEMO_ACCOUNT.clientId);
    await app.page.getByLabel('Client Secret').fill(DEMO_ACCOUNT.clientSecret);
    await app.page
      .getByLabel('Webhook secret (do painel do PSP)')
      .fill(DEMO_ACCOUNT.webhookSecret!);
    // Its units, shown from the profile (VeoPag: reais everywhere).
    await app.page.getByText('Unidades dos valores (reais ou centavos)').click();
    expect(await app.page.getByLabel('Unidade do valor na resposta da criação').inputValue()).toBe(
      'reais',
    );
    await app.page.screenshot({ path: shot('onboarding-veopag-webhook-secret'), fullPage: true });
    await app.page.getByRole('button', { name: 'Continuar' }).click();

    await app.page.getByLabel('URL do relay').fill(app.relay.url);
    await app.page.getByLabel('Token de administração do relay (cria o canal)').fill(ADMIN);
    await fillPayer(app.page, SHOP_PAYER, ' padrão');
    await app.page.getByRole('button', { name: 'Salvar e usar' }).click();
    await app.page
      .getByLabel('Valor', { exact: true })
      .waitFor()
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\n${await app.page.locator('body').innerText()}`);
      });
    // Write-only: in the keychain, nowhere in the settings.
    expect(await keytar.getPassword(service, 'psp.webhookSecret')).toBe(DEMO_ACCOUNT.webhookSecret);
    const saved = await app.host.call('settings:get', {});
    expect(JSON.stringify(saved)).not.toContain(DEMO_ACCOUNT.webhookSecret);
    expect(saved).toMatchObject({
      value: { psp: { preset: 'veopag', callback: { secret: 'webhook' } } },
    });

    // Its status query is down for this sale: Pago can only come from the signed callback.
    await app.veopag.control('POST', '/faults', {
      route: 'GET /transactions/deposit',
      kind: 'status',
      value: 503,
      count: 10_000,
    });
    await saleTurnsPago(app.veopag, '1990', 'externalId', 'veopag-pago-pelo-callback');
  });

  it('Configurações: the ci/cs member with its creation-reply unit wrong, then set to cents → R$ 4,55 paid → Pago', async () => {
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await app.page.getByRole('heading', { name: 'Configurações' }).waitFor();
    await settingsSection(app.page, 'PSP');
    // The stored webhook secret is said, and can be replaced from here.
    await app.page
      .getByText('Webhook secret guardado no cofre do sistema: ele confere a assinatura')
      .waitFor();
    await app.page.getByLabel('URL do PSP').fill(app.cics.baseUrl);
    await app.page.getByLabel('Buscar PSP pelo nome').fill('ci/cs');
    await app.page
      .getByLabel('Perfil do PSP')
      .selectOption({ label: 'ci/cs com status em português' });
    await settingsSection(app.page, 'Avançado');
    await app.page.getByText('Compatibilidade do PSP (avançado)').click();
    const unit = app.page.getByLabel('Unidade do valor na resposta da criação');
    expect(await unit.inputValue()).toBe('cents');
    // As an install whose profile predates the correction: reais.
    await unit.selectOption('reais');
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await status('Configurações salvas.').waitFor();

    await app.page.getByRole('button', { name: 'Caixa' }).click();
    await app.page.keyboard.press('Escape'); // the paid sale still on screen: a new one
    await app.page.getByLabel('Valor', { exact: true }).pressSequentially('455');
    await app.page.keyboard.press('Enter');
    // Caught before any QR, naming the setting to check.
    await app.page
      .getByText('Unidade do valor na resposta da criação')
      .first()
      .waitFor()
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\n${await app.page.locator('body').innerText()}`);
      });
    expect(await app.page.getByRole('img', { name: 'QR Code PIX' }).count()).toBe(0);
    await app.page.screenshot({ path: shot('cics-unidade-errada') });

    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await settingsSection(app.page, 'Avançado');
    await app.page.getByText('Compatibilidade do PSP (avançado)').click();
    await app.page
      .getByLabel('Unidade do valor na resposta da criação')
      .selectOption({ label: 'centavos (455)' });
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await status('Configurações salvas.').waitFor();
    expect(await app.host.call('settings:get', {})).toMatchObject({
      value: { psp: { createReply: { amountUnit: 'cents' }, baseUrl: app.cics.baseUrl } },
    });

    await app.page.getByRole('button', { name: 'Caixa' }).click();
    await app.page.keyboard.press('Escape');
    // Unsigned member: Pago from its status query's answer (confirm-by-query).
    await saleTurnsPago(app.cics, '455', 'id', 'cics-pago-em-centavos');
  });
});
