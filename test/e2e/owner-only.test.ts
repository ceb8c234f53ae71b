// `Este computador: Só proprietário` (issue 36, Deliver 3) in Chromium: a fresh development host
// started with --owner-only opens on the owner PIN for Loja, its menu has no Caixa nor PDV, and a
// charge asked through its IPC is refused with OWNER_ONLY_NO_CHARGE. Switched to Caixa in
// Configurações › Loja, it sells; a Caixa left open while the PC is made owner-only again is told
// in words why its sale is refused.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OWNER_PIN } from '../helpers/app-session';
import { openPage } from '../helpers/browser';
import { payer, tempDir } from '../helpers/core';
import { startHost } from '../helpers/devhost';
import { perFile } from '../helpers/per-file';
import { settingsSection } from '../helpers/screens';

const app = perFile(async (own) => {
  const host = own(
    await startHost(['--owner-only'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_OWNER_PIN: OWNER_PIN,
      BALCAO_KEYCHAIN_SERVICE: `balcao-e2e-owner-only-${process.pid}`,
    }),
  );
  const { browser, page } = await openPage(host.url, { width: 1024, height: 768 });
  own(browser);
  return { host, page };
});

const menu = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('button')
    .allTextContents();
/** The Caixa's call, as the renderer makes it (window.balcao is the IPC bridge). */
const chargeThroughIpc = (page: Page) =>
  page.evaluate(
    (p) =>
      (
        window as unknown as {
          balcao: { charges: { create(i: unknown): Promise<unknown> } };
        }
      ).balcao.charges.create({
        amountCents: 1_234,
        payer: { name: p.name, document: p.document },
      }),
    payer,
  );

describe('an owner-only PC, fresh', () => {
  it('opens on the owner PIN for Loja, offers no Caixa, and refuses a charge through IPC', async () => {
    const { page } = app;
    const pin = page.getByRole('dialog', { name: 'PIN do proprietário' });
    await pin.waitFor();
    const items = await menu(page);
    expect(items).toContain('Loja');
    expect(items).toContain('Histórico');
    expect(items).not.toContain('Caixa');
    expect(items).not.toContain('PDV');
    expect(await page.locator('#amount').count()).toBe(0);
    await pin.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await page.keyboard.press('Enter');
    await page.locator('.shop-screen').getByRole('heading', { name: 'Loja', level: 1 }).waitFor();

    expect(await chargeThroughIpc(page)).toMatchObject({
      ok: false,
      code: 'OWNER_ONLY_NO_CHARGE',
    });
    expect(await app.host.call('charges:list', {})).toEqual({ ok: true, value: [] });

    // Bloquear: what stands in the Caixa's place, with the way back to Loja.
    await page.getByRole('button', { name: 'Bloquear' }).click();
    await page.getByRole('heading', { name: 'Só proprietário' }).waitFor();
    expect(await page.locator('#amount').count()).toBe(0);
  });

  it('made a Caixa in Configurações › Loja, it sells; made owner-only again, the open Caixa says why not', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Configurações' }).click();
    await page.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await page.keyboard.press('Enter');
    await settingsSection(page, 'Loja');
    await page.getByLabel('Este computador').selectOption('counter');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByRole('button', { name: 'Caixa', exact: true }).click();
    await page.locator('#amount').fill('1234');
    await page.getByRole('button', { name: 'Cobrar' }).click();
    await page.getByRole('status').filter({ hasText: 'Aguardando pagamento' }).waitFor();
    await page.getByRole('button', { name: 'Nova cobrança' }).click();
    await page.getByRole('button', { name: 'Sim, cancelar' }).click();

    // Another window of the owner makes this PC owner-only; this Caixa has not heard yet.
    expect((await app.host.call('settings:update', { patch: { station: 'owner-only' } })).ok).toBe(
      true,
    );
    await page.locator('#amount').fill('990');
    await page.getByRole('button', { name: 'Cobrar' }).click();
    await page.getByText('Este computador é só do proprietário: não cobra.').waitFor();
    expect(await app.host.call('charges:list', {})).toMatchObject({ value: [{}] });

    // A reload (or the next start) opens on Loja: straight there while the owner is unlocked,
    // behind the PIN once locked.
    await page.reload();
    await page.locator('.shop-screen').getByRole('heading', { name: 'Loja', level: 1 }).waitFor();
    expect((await app.host.call('owner:lock', {})).ok).toBe(true);
    await page.reload();
    await page.getByRole('dialog', { name: 'PIN do proprietário' }).waitFor();
    expect(await menu(page)).not.toContain('Caixa');
  });
});
