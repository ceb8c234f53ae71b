import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { openApp, OWNER_PIN, type AppSession } from '../helpers/app-session';
import { PSP_PROFILE_NAMES } from '../helpers/screens';

// Configurações → Perfil do PSP in Debian's Chromium: a preset fills in its settings (each
// still editable), a bad split is refused naming its field, and what was saved reads back.
let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({ width: 1280, height: 900 });
  ({ page } = app);
  await page.getByRole('button', { name: 'Configurações', exact: true }).click();
  await page.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
  await page.keyboard.press('Enter');
  await page.getByLabel('Perfil do PSP').waitFor();
});
afterAll(() => app?.close());

describe('Perfil do PSP', () => {
  it('offers the presets by their names and applies one', async () => {
    const select = page.getByLabel('Perfil do PSP');
    expect(await select.locator('option').allTextContents()).toEqual(PSP_PROFILE_NAMES);
    await select.selectOption({ label: 'ci/cs com status em português' });
    expect(await page.getByLabel('Política de callback').inputValue()).toBe('confirm-by-query');
    expect(await page.getByLabel('Consulta de status (ex.: /transactions/{id})').inputValue()).toBe(
      '/transactions/check',
    );
    expect(await page.getByLabel('Consultas por minuto (limite do PSP)').inputValue()).toBe('60');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    const saved = await app.host.call<{ psp: { preset: string; callbackPolicy: string } }>(
      'settings:get',
      {},
    );
    expect(saved.ok && saved.value.psp).toMatchObject({
      preset: 'cics-pt',
      callbackPolicy: 'confirm-by-query',
    });
    await page.screenshot({ path: shot('perfil-do-psp'), fullPage: true });
  });

  it('a split without a percentage is refused with its field named; a valid one is kept', async () => {
    await page.getByLabel('Divisão (split): e-mail de quem recebe').fill('socio@padaria.com.br');
    await page.getByLabel('Divisão (split): percentual (0 a 100)').fill('0');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'A divisão (split) precisa de um percentual acima de 0 e até 100.' })
      .waitFor();
    await page.getByLabel('Divisão (split): percentual (0 a 100)').fill('12.5');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    const saved = await app.host.call<{ split: { user: string; taxPercent: number } }>(
      'settings:get',
      {},
    );
    expect(saved.ok && saved.value.split).toEqual({
      user: 'socio@padaria.com.br',
      taxPercent: 12.5,
    });
  });
});
