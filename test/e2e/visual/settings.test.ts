import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../../helpers/app-session';
import {
  layoutProblems,
  matchesBaseline,
  navLines,
  readmeShot,
  sizeName,
  VIEWPORTS,
} from '../../helpers/visual';
import { useShop } from '../../helpers/visual-shop';

/**
 * Configurações, section by section, at each shop screen size and in both languages: no
 * horizontal scroll, nothing overlapping or cut, the owner's menu on one line, and at 1024×768
 * every section within one screen (no page scroll). Each kept as a screenshot and, at 1024×768,
 * compared with its approved baseline.
 */
const app = appPerFile({ width: 1024, height: 768 });
/** What the section list must show without scrolling, at the smallest shop screen. */
const FIT_ONE_SCREEN = [
  'shop',
  'psp',
  'notices',
  'counter',
  'printer',
  'backups',
  'owner',
  'advanced',
];

async function openSettings(page: Page) {
  expect((await app.host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
  await page.reload();
  await page.locator('#amount').waitFor();
  // Configurações is the last item before Bloquear.
  await page.locator('.nav-item:not(.nav-lock)').last().click();
  await page.getByRole('tablist').waitFor();
}

for (const lang of ['pt-BR', 'en'] as const)
  describe(`in ${lang}`, () => {
    beforeAll(() => useShop(app, { lang, payer: 'default', shopName: 'Padaria Pão Quente' }));

    for (const size of VIEWPORTS)
      it(`${sizeName(size)}: every section of Configurações`, async () => {
        const page = app.page;
        await page.setViewportSize(size);
        await openSettings(page);
        expect
          .soft(await navLines(page), `the owner's menu at ${lang}-${sizeName(size)}: lines`)
          .toBe(1);
        const tabs = page.getByRole('tab');
        const count = await tabs.count();
        expect(count).toBe(8);
        for (let i = 0; i < count; i++) {
          await tabs.nth(i).click();
          const id = ((await tabs.nth(i).getAttribute('id')) ?? '').replace('settings-tab-', '');
          // The kept copies and the receiver are read when their section opens.
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(200);
          const at = `${lang}-${sizeName(size)}`;
          expect.soft(await layoutProblems(page), `${id} ${at}`).toEqual([]);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          if (size.width === 1024 && FIT_ONE_SCREEN.includes(id))
            expect
              .soft(height, `${id} ${at}: taller than the screen`)
              .toBeLessThanOrEqual(size.height);
          await matchesBaseline(page, `config-${id}-${at}`, [page.locator('.mono')], {
            artifactOnly: size.width !== 1024,
          });
          if (at === 'pt-BR-1366x768' && id === 'advanced') {
            // The README shows the compatibility fields, each with its line of help.
            await page.getByText('Compatibilidade do PSP (avançado)').click();
            await readmeShot(page, 'configuracoes');
          }
        }
        await page.locator('.nav-lock').click();
        await page.locator('#amount').waitFor();
      });
  });
