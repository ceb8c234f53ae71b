import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../helpers/app-session';
import {
  inViewWithoutScrolling,
  layoutProblems,
  matchesBaseline,
  readmeShot,
  sizeName,
  VIEWPORTS,
} from '../../helpers/visual';
import {
  decodeOnScreen,
  payLatest,
  sellAs,
  useShop,
  type PayerMode,
} from '../../helpers/visual-shop';

/**
 * The Caixa at a glance (issue 34), in Chromium on every shop screen, both languages, with the
 * payer typed and with a default payer: from Enter to Pago the amount, the QR, the status and
 * the next action are on screen without scrolling, nothing overlaps, and each state looks as
 * approved (test/e2e/visual/baselines).
 */
const app = appPerFile({ width: 1024, height: 768 });

for (const lang of ['pt-BR', 'en'] as const)
  for (const payer of ['typed', 'default'] as const satisfies PayerMode[])
    describe(`the Caixa in ${lang}, payer ${payer}`, () => {
      beforeAll(() => useShop(app, { lang, payer }));

      for (const size of VIEWPORTS)
        it(`${sizeName(size)}: amount, QR, status and next action in view from Enter to Pago`, async () => {
          const page = app.page;
          const name = `caixa-${lang}-${payer}-${sizeName(size)}`;
          const readme = lang === 'pt-BR' && payer === 'default' && size.width === 1366;
          await page.setViewportSize(size);
          await sellAs(page, payer, '2590');
          expect(await layoutProblems(page)).toEqual([]);
          await matchesBaseline(page, `${name}-typed`);

          await page.keyboard.press('Enter');
          const qr = page.locator('img.qr');
          await qr.waitFor();
          await page.locator('.charge-status.status-pending').waitFor();
          const pending = {
            amount: page.locator('.panel-amount'),
            qr,
            status: page.locator('.charge-status'),
            'next action': page.locator('.panel-actions'),
          };
          expect(await inViewWithoutScrolling(page, pending)).toEqual([]);
          expect(await layoutProblems(page)).toEqual([]);
          // A phone reads it from 50 cm: at least 240 CSS px (README "The Caixa at a glance").
          expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(240);
          expect((await decodeOnScreen(page, qr)).amountCents).toBe(2590);
          await matchesBaseline(page, `${name}-qr`);
          if (readme) await readmeShot(page, 'caixa-qr');

          await payLatest(app);
          await page.locator('.charge-panel.paid').waitFor();
          const paid = {
            status: page.locator('.charge-status'),
            amount: page.locator('.paid-amount'),
            'next action': page.locator('.charge-panel.paid .btn-primary'),
          };
          expect(await inViewWithoutScrolling(page, paid)).toEqual([]);
          expect(await layoutProblems(page)).toEqual([]);
          await matchesBaseline(page, `${name}-pago`);
          if (readme) await readmeShot(page, 'caixa-pago');
          await page.keyboard.press('Escape');
          await expect.poll(() => page.locator('#amount').inputValue()).toBe('R$ 0,00');
        });
    });
