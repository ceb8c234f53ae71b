import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { parseBrCode } from '../../shared/domain/brcode';
import { OWNER_PIN, type AppSession } from './app-session';
import { morningClock } from './visual';
import { SALE_PAYER, SHOP_PAYER } from './screens';

/** `typed`: no default payer, the cashier types one per sale; `default`: the shop's is used. */
export type PayerMode = 'typed' | 'default';

/** The shop as the owner sets it (language, default payer, name), then the Caixa reloaded. */
export async function useShop(
  app: Pick<AppSession, 'host' | 'page'>,
  opts: { lang: 'pt-BR' | 'en'; payer: PayerMode; shopName?: string },
): Promise<void> {
  const unlocked = await app.host.call('owner:unlock', { pin: OWNER_PIN });
  if (!unlocked.ok) throw new Error(`owner:unlock: ${unlocked.code}`);
  const r = await app.host.call('settings:update', {
    patch: {
      language: opts.lang,
      defaultPayer: opts.payer === 'default' ? SHOP_PAYER : null,
      shopName: opts.shopName ?? 'Padaria Pão Quente',
    },
  });
  if (!r.ok) throw new Error(`settings:update: ${r.code}`);
  await app.host.call('owner:lock', {});
  await morningClock(app.page);
  await app.page.reload();
  await app.page.locator('#amount').waitFor();
}

/**
 * The Caixa free for a new sale, in any language: Esc, and yes to the question a charge that may
 * still be paid asks first (a test that failed midway leaves one).
 */
export async function freshCaixa(page: Page): Promise<void> {
  const yes = page.locator('[role="dialog"] .btn-danger');
  const amount = page.locator('#amount');
  for (let i = 0; i < 50; i++) {
    if (await yes.count()) await yes.click();
    else if ((await amount.isEnabled()) && (await amount.inputValue()) === 'R$ 0,00') return;
    else if (!(await page.getByRole('dialog').count())) await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
  }
  throw new Error('the Caixa did not start over');
}

/** A sale typed on the Caixa (any language): the amount's digits, a description, the payer. */
export async function sellAs(
  page: Page,
  payer: PayerMode,
  digits: string,
  sale: { description?: string; name?: string } = {},
): Promise<void> {
  await freshCaixa(page);
  await page.locator('#amount').focus();
  await page.keyboard.type(digits);
  await page.locator('#description').fill(sale.description ?? 'Pão e café');
  if (payer === 'typed') {
    await page.locator('#payer-name').fill(sale.name ?? SALE_PAYER.name);
    await page.locator('#payer-document').fill(SALE_PAYER.document);
    await page.locator('#payer-email').fill(SALE_PAYER.email);
    await page.locator('#payer-phone').fill(SALE_PAYER.phone);
  }
  // Back on the amount, as a cashier ends a sale: Enter charges from there.
  await page.locator('#amount').focus();
}

/** The sandbox pays the newest charge, as a payer's bank would. */
export async function payLatest(app: Pick<AppSession, 'sb'>): Promise<void> {
  // The sandbox lists withdrawals (a devolução's) among its charges: only deposits are sales.
  const all = (await app.sb.control('GET', '/charges')).body as Array<{ id: string; kind: string }>;
  const sale = all.filter((c) => c.kind === 'deposit').at(-1)!;
  await app.sb.control('POST', `/charges/${sale.id}/pay`);
}

/**
 * Reads the QR as a phone pointed at the screen would: a screenshot of the page where the QR
 * is (no scrolling into view first), decoded with jsQR, its BR Code parsed.
 */
export async function decodeOnScreen(page: Page, qr: Locator) {
  const box = (await qr.boundingBox())!;
  const png = PNG.sync.read(await page.screenshot({ clip: box }));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('the QR on screen does not decode');
  const info = parseBrCode(decoded.data);
  if (!info.ok) throw new Error(`not a BR Code: ${info.message}`);
  return { payload: decoded.data, amountCents: info.value.amountCents };
}
