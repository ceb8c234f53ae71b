import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../../helpers/app-session';
import { inViewWithoutScrolling, layoutProblems, matchesBaseline } from '../../helpers/visual';
import { decodeOnScreen, payLatest, sellAs, useShop } from '../../helpers/visual-shop';

/**
 * Issue 34's bad input: the longest values a shop can type, a window made small mid-sale, the
 * browser zoomed to 150 %, the customer display on a 1024×600 panel. Nothing overlaps, no text
 * is cut without an ellipsis and its whole value in a title, and the QR stays whole and decodes
 * from a screenshot to the amount charged.
 */
const app = appPerFile({ width: 1024, height: 768 });
const SHOP_60 = 'Padaria e Confeitaria Pão Quente da Vila Madalena, Filial 02';
const DESCRIPTION_60 = 'Bolo de cenoura com cobertura de chocolate e 2 cafés grandes';
const NAME_100 =
  'Maria Aparecida dos Santos Oliveira Pereira da Silva Rodrigues Albuquerque Cavalcanti de Souza Lopes';
/** R$ 99.999.999,99, typed digit by digit: more than the PSP takes (PSP-API.md A11), refused in words. */
const MOST = '9999999999';
/** R$ 100.000,00: the most a charge of this PSP may be, the widest amount a QR here carries. */
const PSP_MOST = '10000000';
const PSP_MOST_CENTS = 10_000_000;

beforeAll(async () => {
  expect(SHOP_60).toHaveLength(60);
  expect(DESCRIPTION_60).toHaveLength(60);
  expect(NAME_100).toHaveLength(100);
  await useShop(app, { lang: 'pt-BR', payer: 'typed', shopName: SHOP_60 });
});

describe('the longest values, and screens smaller than a shop monitor', () => {
  it('R$ 99.999.999,99 refused, R$ 100.000,00 charged with a 60-character description and shop and a 100-character payer; the window goes to 800×600 mid-sale', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await sellAs(page, 'typed', MOST, { description: DESCRIPTION_60, name: NAME_100 });
    // The amount is whole in its field (it shrinks with the field, never scrolls inside it).
    expect(await page.locator('#amount').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(
      true,
    );
    expect(await page.locator('.app-header .shop').getAttribute('title')).toContain(SHOP_60);
    expect(await layoutProblems(page)).toEqual([]);
    await matchesBaseline(page, 'longest-1024x768-typed');
    // Over the PSP's limit: said next to the amount, nothing cut or overlapping.
    await page.keyboard.press('Enter');
    await page.locator('#amount-error').waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    await matchesBaseline(page, 'longest-1024x768-refused');

    await sellAs(page, 'typed', PSP_MOST, { description: DESCRIPTION_60, name: NAME_100 });
    await page.keyboard.press('Enter');
    const qr = page.locator('img.qr');
    await qr.waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await page.waitForTimeout(200);
    expect(
      await inViewWithoutScrolling(page, {
        amount: page.locator('.panel-amount'),
        qr,
        status: page.locator('.charge-status'),
      }),
    ).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    expect((await decodeOnScreen(page, qr)).amountCents).toBe(PSP_MOST_CENTS);
    await matchesBaseline(page, 'longest-800x600-qr');

    await payLatest(app);
    await page.locator('.charge-panel.paid').waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    await matchesBaseline(page, 'longest-800x600-pago');
  });

  it('a 100-character default payer on the Caixa', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    expect((await app.host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
    const r = await app.host.call('settings:update', {
      patch: {
        defaultPayer: {
          name: NAME_100,
          document: '123.456.789-09',
          email: 'caixa@padaria.com.br',
          phone: '(11) 91234-5678',
        },
      },
    });
    expect(r.ok).toBe(true);
    await app.host.call('owner:lock', {});
    await page.reload();
    await page.locator('.default-payer').getByText(NAME_100).waitFor();
    await sellAs(page, 'default', '1990');
    expect(await layoutProblems(page)).toEqual([]);
    await matchesBaseline(page, 'longest-default-payer');
  });

  it('the browser zoomed to 150 % on a 1024×768 window: one column, the QR whole and readable', async () => {
    // 150 % zoom on 1024×768 is a 683×512 CSS-pixel page drawn at 1.5 device pixels per pixel.
    const zoomed = await app.browser.newPage({
      viewport: { width: 683, height: 512 },
      deviceScaleFactor: 1.5,
    });
    try {
      await zoomed.goto(app.host.url);
      await zoomed.locator('#amount').waitFor();
      await sellAs(zoomed, 'default', '2590', { description: DESCRIPTION_60 });
      expect(await layoutProblems(zoomed)).toEqual([]);
      await zoomed.keyboard.press('Enter');
      const qr = zoomed.locator('img.qr');
      await qr.waitFor();
      await qr.scrollIntoViewIfNeeded();
      expect(await inViewWithoutScrolling(zoomed, { qr }).then((p) => p.slice(1))).toEqual([]);
      expect(await layoutProblems(zoomed)).toEqual([]);
      expect((await decodeOnScreen(zoomed, qr)).amountCents).toBe(2590);
      await matchesBaseline(zoomed, 'zoom150-qr');
      await payLatest(app);
      await zoomed.locator('.charge-panel.paid').waitFor();
      expect(await layoutProblems(zoomed)).toEqual([]);
      await matchesBaseline(zoomed, 'zoom150-pago');
    } finally {
      await zoomed.close();
    }
  });

  it('the customer display on a 1024×600 panel: the 60-character shop name, then R$ 100.000,00', async () => {
    const customer = await app.browser.newPage({ viewport: { width: 1024, height: 600 } });
    try {
      await customer.goto(app.host.url.replace('/#token=', '/#/cliente&token='));
      const shop = customer.locator('.customer-shop');
      await shop.waitFor();
      expect(await shop.getAttribute('title')).toBe(SHOP_60);
      expect(await layoutProblems(customer)).toEqual([]);
      await matchesBaseline(customer, 'cliente-1024x600-idle');

      await sellAs(app.page, 'default', PSP_MOST);
      await app.page.keyboard.press('Enter');
      const qr = customer.locator('img.qr');
      await qr.waitFor();
      expect(
        await inViewWithoutScrolling(customer, {
          amount: customer.locator('.customer-amount'),
          qr,
        }),
      ).toEqual([]);
      expect(await layoutProblems(customer)).toEqual([]);
      expect((await decodeOnScreen(customer, qr)).amountCents).toBe(PSP_MOST_CENTS);
      await matchesBaseline(customer, 'cliente-1024x600-qr');
      await payLatest(app);
      await customer.locator('.customer.paid').waitFor();
      expect(await layoutProblems(customer)).toEqual([]);
      await matchesBaseline(customer, 'cliente-1024x600-pago');
    } finally {
      await customer.close();
    }
  });
});
