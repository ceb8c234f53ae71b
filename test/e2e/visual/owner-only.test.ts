import { beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PIN } from '../../helpers/app-session';
import { openPage } from '../../helpers/browser';
import { tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';
import { perFile } from '../../helpers/per-file';
import { DEMO_ACCOUNT, sandbox } from '../../helpers/sandbox';
import { settingsSection } from '../../helpers/screens';
import {
  layoutProblems,
  LOOKED_AT,
  matchesBaseline,
  morningClock,
  navLines,
  sizeName,
} from '../../helpers/visual';

/**
 * An owner-only PC (`Este computador: Só proprietário`, issue 36) in Chromium at the three shop
 * sizes, in both languages: what stands in the Caixa's place with the menu that has no Caixa, the
 * owner's Loja under that menu, and Configurações › Loja with the setting chosen. Nothing cut or
 * drawn over, the menu on one line, no sideways scroll; compared with the approved baselines.
 */
const app = perFile(async (own) => {
  const sb = own(await sandbox());
  const host = own(
    await startHost(['--psp', sb.baseUrl, '--owner-only'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
      BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
      BALCAO_OWNER_PIN: OWNER_PIN,
      BALCAO_KEYCHAIN_SERVICE: `balcao-visual-owner-only-${process.pid}`,
    }),
  );
  const { browser, page } = await openPage(host.url, { width: 1024, height: 768 });
  own(browser);
  return { host, page };
});

const WORDS = {
  'pt-BR': {
    pin: 'PIN do proprietário',
    home: 'Só proprietário',
    open: 'Abrir a Loja',
    shop: 'Loja',
    settings: 'Configurações',
    station: 'Este computador',
    ownerOnly: 'Só proprietário (sem caixa)',
    lock: 'Bloquear',
  },
  en: {
    pin: 'Owner PIN',
    home: 'Owner only',
    open: 'Open the shop',
    shop: 'Shop',
    settings: 'Settings',
    station: 'This computer',
    ownerOnly: 'Owner only (no checkout)',
    lock: 'Lock',
  },
} as const;

for (const lang of ['pt-BR', 'en'] as const)
  describe(`an owner-only PC in ${lang}`, () => {
    const w = WORDS[lang];
    beforeAll(async () => {
      expect((await app.host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
      const r = await app.host.call('settings:update', {
        patch: { language: lang, shopName: 'Padaria Pão Quente', terminalName: 'Escritório' },
      });
      expect(r.ok).toBe(true);
      expect((await app.host.call('owner:lock', {})).ok).toBe(true);
      await morningClock(app.page);
    });

    for (const size of LOOKED_AT) {
      const at = `${lang}-${sizeName(size)}`;
      it(`${sizeName(size)}: the home without Caixa, Loja under that menu, the setting`, async () => {
        const { page } = app;
        await page.setViewportSize(size);
        await page.reload();
        // It opens on Loja's PIN; put aside, what stands in the Caixa's place.
        const pin = page.getByRole('dialog', { name: w.pin });
        await pin.waitFor();
        await page.keyboard.press('Escape');
        await pin.waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: w.home, level: 1 }).waitFor();
        expect(await layoutProblems(page)).toEqual([]);
        expect.soft(await navLines(page), `the menu at ${at}: lines`).toBe(1);
        await matchesBaseline(page, `proprietario-inicio-${at}`);

        await page.getByRole('button', { name: w.open }).click();
        await pin.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
        await page.keyboard.press('Enter');
        const shop = page.locator('.shop-screen');
        await shop.getByRole('heading', { name: w.shop, level: 1 }).waitFor();
        // Semana e mês loads its own chunk after the numbers: shown as loaded, every run.
        await shop.locator('.sales-series').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await layoutProblems(page)).toEqual([]);
        expect.soft(await navLines(page), `the owner's menu at ${at}: lines`).toBe(1);
        // The day field reads today's date: masked, so the baseline holds tomorrow.
        await matchesBaseline(page, `proprietario-loja-${at}`, [
          page.locator('time'),
          shop.locator('input[type="date"]'),
        ]);

        await page.getByRole('button', { name: w.settings }).click();
        await settingsSection(page, w.shop);
        const station = page.getByLabel(w.station);
        expect(await station.locator('option:checked').textContent()).toBe(w.ownerOnly);
        await page.waitForLoadState('networkidle');
        expect(await layoutProblems(page)).toEqual([]);
        if (size.width === 1024)
          expect
            .soft(await page.evaluate(() => document.documentElement.scrollHeight))
            .toBeLessThanOrEqual(size.height);
        await matchesBaseline(page, `proprietario-config-${at}`, [page.locator('.mono')]);
        await page.getByRole('button', { name: w.lock }).click();
      });
    }
  });
