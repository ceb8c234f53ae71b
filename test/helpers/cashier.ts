import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { parseBrCode } from '../../shared/domain/brcode';
import { fillPayer, SALE_PAYER } from './screens';

/**
 * Esc on the Caixa, as a cashier starting a new sale does: a charge that may still be paid
 * asks `Cancelar a cobrança de R$ X?` first, and this confirms it.
 */
export async function startOver(page: Page): Promise<void> {
  const yes = page.getByRole('button', { name: 'Sim, cancelar' });
  // A question left open (a test that failed midway) is answered first: it covers the screen.
  if (await yes.count()) await yes.click();
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Caixa' }).click();
  await page.keyboard.press('Escape');
  const amount = page.getByLabel('Valor');
  // Either the question appears, or the form is free again at once.
  for (let i = 0; i < 50; i++) {
    if (await yes.count()) {
      await yes.click();
      break;
    }
    if ((await amount.isEnabled()) && (await amount.inputValue()) === 'R$ 0,00') break;
    await page.waitForTimeout(100);
  }
  await yes.waitFor({ state: 'detached' });
}

/** Reads the QR as a phone would: a screenshot of the image, decoded, then its BR Code parsed. */
export async function decodeQr(qr: Locator) {
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('the QR on screen does not decode');
  const info = parseBrCode(decoded.data);
  if (!info.ok) throw new Error(`not a BR Code: ${info.message}`);
  return { payload: decoded.data, amountCents: info.value.amountCents };
}

/** What the sales in these tests say, in the Caixa's order after the amount. */
const SALE_FIELDS = [
  'Pão e café',
  'Ana Souza',
  '123.456.789-09',
  'ana@padaria.com.br',
  '(11) 91234-5678',
];

/** Types a whole charge with the keyboard alone: digits, Tab between fields, Enter to charge. */
export async function chargeByKeyboard(page: Page, digits: string): Promise<void> {
  await page.getByLabel('Valor').focus();
  await page.keyboard.type(digits);
  for (const text of SALE_FIELDS) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Enter');
}

/** Types a sale field by field (no default payer): the amount's digits, then the payer. */
export async function typeSale(page: Page, digits: string): Promise<void> {
  await page.getByLabel('Valor').focus();
  await page.keyboard.type(digits);
  await fillPayer(page, SALE_PAYER);
}
