import { beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { openLocked, PSP_PROFILE_NAMES, settingsSection } from '../helpers/screens';

// Configurações → Perfil do PSP in Debian's Chromium: a preset fills in its settings (each
// still editable), a bad split is refused naming its field, and what was saved reads back.
const app = appPerFile({ width: 1280, height: 900 });
beforeAll(async () => {
  await openLocked(
    app.page,
    'Configurações',
    OWNER_PIN,
    app.page.getByRole('tab', { name: 'PSP' }),
  );
  await settingsSection(app.page, 'PSP');
});

/** Salvar configurações, `Configurações salvas.` on screen, then the settings as saved. */
async function saveAndRead<T>() {
  await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
  await app.page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
  return app.host.call<T>('settings:get', {});
}

describe('Perfil do PSP', () => {
  it('offers the presets by their names and applies one', async () => {
    const select = app.page.getByLabel('Perfil do PSP');
    expect(await select.locator('option').allTextContents()).toEqual(PSP_PROFILE_NAMES);
    await select.selectOption({ label: 'ci/cs com status em português' });
    // What the preset says about confirming a payment, in its own section.
    await settingsSection(app.page, 'Avisos de pagamento');
    expect(await app.page.getByLabel('Política de callback').inputValue()).toBe('confirm-by-query');
    expect(
      await app.page.getByLabel('Consulta de status (ex.: /transactions/{id})').inputValue(),
    ).toBe('/transactions/check');
    expect(await app.page.getByLabel('Consultas por minuto (limite do PSP)').inputValue()).toBe(
      '60',
    );
    const saved = await saveAndRead<{ psp: { preset: string; callbackPolicy: string } }>();
    expect(saved.ok && saved.value.psp).toMatchObject({
      preset: 'cics-pt',
      callbackPolicy: 'confirm-by-query',
    });
    await app.page.screenshot({ path: shot('perfil-do-psp'), fullPage: true });
  });

  it('a split without a percentage is refused with its field named; a valid one is kept', async () => {
    await settingsSection(app.page, 'PSP');
    // Rarely used: behind its own disclosure in the PSP's profile.
    await app.page.getByText('Divisão (split) e gateway (opcional)').click();
    await app.page
      .getByLabel('Divisão (split): e-mail de quem recebe')
      .fill('socio@padaria.com.br');
    await app.page.getByLabel('Divisão (split): percentual (0 a 100)').fill('0');
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await app.page
      .getByRole('status')
      .filter({ hasText: 'A divisão (split) precisa de um percentual acima de 0 e até 100.' })
      .waitFor();
    await app.page.getByLabel('Divisão (split): percentual (0 a 100)').fill('12.5');
    const saved = await saveAndRead<{ split: { user: string; taxPercent: number } }>();
    expect(saved.ok && saved.value.split).toEqual({
      user: 'socio@padaria.com.br',
      taxPercent: 12.5,
    });
  });
});
