import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { parseBrCode } from '../../shared/domain/brcode';

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
