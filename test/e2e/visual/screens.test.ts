import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../../helpers/app-session';
import {
  inViewWithoutScrolling,
  layoutProblems,
  matchesBaseline,
  readmeShot,
  sizeName,
  VIEWPORTS,
} from '../../helpers/visual';
import { freshCaixa, payLatest, sellAs, useShop } from '../../helpers/visual-shop';

/**
 * Every other screen a person sees, at each shop screen size and in both languages: the
 * dialogs (the sale detail with its Devoluções, the owner's PIN, the cancel question) scroll
 * within the window with their title and close in view; the customer display (idle with the
 * shop's name, the QR, Pago); the owner's screens without a horizontal scroll or overlaps. Each
 * kept as a screenshot and compared with its approved baseline.
 */
const app = appPerFile({ width: 1024, height: 768 });
const SHOP = 'Padaria Pão Quente';
/**
 * Times and live checks (Saúde's lines: seconds since the last event, the status query's budget)
 * change every run: painted over before the comparison (QR, code and ids always are).
 */
const changing = (root: Page | Locator) => [
  root.getByText(/\d{1,2}:\d{2}/),
  // Dates: the sandbox's MED cases are dated days before today, so they move every day.
  root.getByText(/\d{2}\/\d{2}\/\d{4}/),
  root.locator('.mono, .check-lines'),
];

/** One paid sale (with a devolução, so its detail is at its tallest). */
async function paidSaleWithRefund(page: Page) {
  await sellAs(page, 'default', '4590');
  await page.keyboard.press('Enter');
  await page.locator('img.qr').waitFor();
  await payLatest(app);
  await page.locator('.charge-panel.paid').waitFor();
  await openDetail(page);
  const dialog = page.getByRole('dialog');
  await dialog.locator('#refund-amount').fill('1,00');
  if (await dialog.locator('#refund-key').count())
    await dialog.locator('#refund-key').fill('123.456.789-09');
  await dialog.locator('#refund-amount').press('Enter');
  await page.locator('#owner-pin').fill(OWNER_PIN);
  await page.locator('#owner-pin').press('Enter');
  await dialog.locator('.refunds table').waitFor();
  await closeDetail(page);
}

async function openDetail(page: Page) {
  await page.locator('.nav-item').nth(1).click();
  // The sale with a devolução (R$ 45,90): its detail is the tallest.
  await page
    .locator('table.history tbody tr')
    .filter({ hasText: /45[,.]90/ })
    .getByRole('button', { name: /^(Detalhes|Details)$/ })
    .click();
  await page.getByRole('dialog').waitFor();
  // The list under the dialog may have scrolled to that row; the dialog is fixed to the window.
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function closeDetail(page: Page) {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Fechar|Close)$/ })
    .click();
  await page.locator('.nav-item').first().click();
  await page.locator('#amount').waitFor();
}

/** The dialog's title and its way out are on screen, and nothing in it is cut or overlaps. */
async function dialogFits(page: Page, close: RegExp) {
  const dialog = page.getByRole('dialog').last();
  expect(
    await inViewWithoutScrolling(page, {
      // Whole inside the window: what does not fit scrolls within it.
      dialog,
      title: dialog.locator('h2').first(),
      close: dialog.getByRole('button', { name: close }),
    }),
  ).toEqual([]);
  expect(await layoutProblems(page)).toEqual([]);
}

it('serves /favicon.ico: the browser asks for it on every load', async () => {
  const r = await fetch(new URL('/favicon.ico', app.host.url));
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('image/x-icon');
  expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(0);
});

beforeAll(async () => {
  await useShop(app, { lang: 'pt-BR', payer: 'default', shopName: SHOP });
  await paidSaleWithRefund(app.page);
});

for (const lang of ['pt-BR', 'en'] as const)
  describe(`in ${lang}`, () => {
    beforeAll(() => useShop(app, { lang, payer: 'default', shopName: SHOP }));

    for (const size of VIEWPORTS) {
      const at = `${lang}-${sizeName(size)}`;

      it(`${sizeName(size)}: the sale detail with Devoluções scrolls within the window`, async () => {
        const page = app.page;
        await page.setViewportSize(size);
        await openDetail(page);
        try {
          await dialogFits(page, /^(Fechar|Close)$/);
          // An amount is typed plainly: only the PIN is spaced out.
          const spacing = (e: Element) => getComputedStyle(e).letterSpacing;
          expect(await page.locator('#refund-amount').evaluate(spacing)).toBe('normal');
          if (at === 'pt-BR-1280x800') await readmeShot(page, 'historico-detalhe');
          await matchesBaseline(
            page.getByRole('dialog'),
            `dialog-detail-${at}`,
            changing(page.getByRole('dialog')),
          );
          // Scrolled to its end: the title and Fechar are still there.
          await page.getByRole('dialog').evaluate((d) => d.scrollTo(0, d.scrollHeight));
          await dialogFits(page, /^(Fechar|Close)$/);
        } finally {
          await closeDetail(page);
        }
      });

      it(`${sizeName(size)}: the owner's PIN and the cancel question fit`, async () => {
        const page = app.page;
        await page.setViewportSize(size);
        await page.locator('.nav-item').last().click();
        await page.locator('#owner-pin').waitFor();
        await dialogFits(page, /^(Cancelar|Cancel)$/);
        await matchesBaseline(page.getByRole('dialog'), `dialog-pin-${at}`);
        await page.keyboard.press('Escape');
        await sellAs(page, 'default', '1250');
        await page.keyboard.press('Enter');
        await page.locator('img.qr').waitFor();
        await page.keyboard.press('Escape');
        await dialogFits(page, /^(Não, voltar|No, go back)$/);
        await matchesBaseline(page.getByRole('dialog'), `dialog-cancel-${at}`);
        await freshCaixa(page);
      });

      it(`${sizeName(size)}: the customer display, idle, with the QR, and Pago`, async () => {
        const page = app.page;
        const customer = await app.browser.newPage({ viewport: size });
        try {
          await customer.goto(app.host.url.replace('/#token=', '/#/cliente&token='));
          const idle = customer.locator('.customer.idle');
          await idle.getByText(SHOP).waitFor();
          await idle.getByText(lang === 'en' ? 'Waiting' : 'Aguardando').waitFor();
          expect(await layoutProblems(customer)).toEqual([]);
          await matchesBaseline(customer, `cliente-idle-${at}`);
          await sellAs(page, 'default', '3475');
          await page.keyboard.press('Enter');
          const qr = customer.locator('img.qr');
          await qr.waitFor();
          expect(
            await inViewWithoutScrolling(customer, {
              amount: customer.locator('.customer-amount'),
              qr,
            }),
          ).toEqual([]);
          expect(await layoutProblems(customer)).toEqual([]);
          await matchesBaseline(customer, `cliente-qr-${at}`, changing(customer));
          if (at === 'pt-BR-1024x768') await readmeShot(customer, 'cliente-qr');
          await payLatest(app);
          await customer.locator('.customer.paid').waitFor();
          expect(await layoutProblems(customer)).toEqual([]);
          await matchesBaseline(customer, `cliente-pago-${at}`);
        } finally {
          await customer.close();
          await freshCaixa(page);
        }
      });

      it(`${sizeName(size)}: every owner screen without a horizontal scroll or overlaps`, async () => {
        const page = app.page;
        await page.setViewportSize(size);
        expect((await app.host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
        await page.reload();
        await page.locator('#amount').waitFor();
        const items = page.locator('.nav-item:not(.nav-lock)');
        const count = await items.count();
        for (let i = 1; i < count; i++) {
          await items.nth(i).click();
          await page.locator('.content h1, .content h2').first().waitFor();
          // Let the screen's first read (balance, fees, list) land before it is looked at.
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(300);
          const problems = await layoutProblems(page);
          expect.soft(problems, `screen ${i}`).toEqual([]);
          // Compared at the smallest screen only (the baselines stay few); kept at every size.
          await matchesBaseline(page, `tela-${i}-${at}`, changing(page), {
            artifactOnly: size.width !== 1024,
          });
        }
        await page.locator('.nav-lock').click();
        await page.locator('#amount').waitFor();
      });
    }
  });
