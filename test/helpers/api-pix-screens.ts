import type { Page } from 'playwright-core';
import { API_PIX_ACCOUNT, type apiPixSandbox } from './api-pix';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

/** The API Pix form's account fields for this sandbox (the certificate apart: tests vary it). */
export async function fillApiPixAccount(page: Page, sb: Sb): Promise<void> {
  await page.getByLabel('URL do PSP').fill(sb.baseUrl);
  await page.getByLabel('URL do token').fill(sb.tokenUrl);
  await page.getByLabel('Chave PIX da loja').fill(API_PIX_ACCOUNT.chave);
  await page.getByLabel('Client ID').fill(API_PIX_ACCOUNT.clientId);
  await page.getByLabel('Client Secret').fill(API_PIX_ACCOUNT.clientSecret);
}

/** Types an amount's digits on the Caixa and charges it (Enter). */
export async function charge(page: Page, digits: string): Promise<void> {
  await page.getByLabel('Valor', { exact: true }).focus();
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
}

/** The sandbox's cob for an amount, the newest one. */
export const cobOf = (sb: Sb, cents: number) =>
  [...sb.state.cobs.values()].filter((c) => c.valorCents === cents).at(-1);

/** Charges `cents` and waits for its QR on screen: the sandbox's cob behind it. */
export async function chargeToQr(page: Page, sb: Sb, cents: number) {
  await charge(page, String(cents));
  await page.getByRole('img', { name: 'QR Code PIX' }).waitFor({ timeout: 15_000 });
  return cobOf(sb, cents)!;
}

/** The sandbox pays the cob `txid`; the Caixa says Pago within `timeout` ms. */
export async function payUntilPago(page: Page, sb: Sb, txid: string, timeout: number) {
  await sb.control('POST', `/pay/${txid}`);
  await page.getByRole('status').filter({ hasText: 'Pago' }).first().waitFor({ timeout });
}
