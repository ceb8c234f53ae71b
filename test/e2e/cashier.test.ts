import jsQR from 'jsqr';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import type { Host } from '../helpers/devhost';
import type { TestSandbox } from '../helpers/sandbox';
import { openApp, OWNER_PIN, type AppSession } from '../helpers/app-session';
import { chargeByKeyboard, startOver } from '../helpers/cashier';
import { fillPayer } from '../helpers/screens';

// The whole cashier flow in Debian's Chromium, against the development host on a sandbox.
let app: AppSession;
let sb: TestSandbox;
let host: Host;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await openApp();
  ({ sb, host, browser, page } = app);
});
afterAll(() => app?.close());
beforeEach(async () => {
  await sb.control('DELETE', '/faults');
  await startOver(page);
});

const pspCharges = async () =>
  (await sb.control('GET', '/charges')).body as Array<{
    id: string;
    externalId: string;
    status: string;
  }>;
const chargeStatus = () => page.locator('.charge-status');
/** The id of the focused element; polled, because React moves the focus after it renders. */
const focused = () => page.evaluate(() => document.activeElement?.id);

describe('the cashier screen', () => {
  it('charges by keyboard alone; the QR on screen decodes to the copy-and-paste code', async () => {
    await expect.poll(focused).toBe('amount');
    await chargeByKeyboard(page, '2590');
    const qr = page.getByRole('img', { name: 'QR Code PIX' });
    await qr.waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Aguardando pagamento' }).count())
      .toBe(1);
    await page.screenshot({ path: shot('caixa-qr') });
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const text = await page.getByTestId('pix-copia-e-cola').textContent();
    expect(decoded?.data).toBe(text);
    expect(text).toContain('540525.90');
    const box = await qr.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300);
    // The same sale cannot be charged twice: the form is frozen until "Nova cobrança".
    const count = (await pspCharges()).length;
    await page.getByRole('button', { name: 'Cobrar' }).click({ force: true });
    await page.keyboard.press('Enter');
    expect((await pspCharges()).length).toBe(count);
    expect(await page.getByRole('button', { name: 'Cobrar' }).isDisabled()).toBe(true);
  });

  it('shows Pago the moment the sandbox reports the payment', async () => {
    await chargeByKeyboard(page, '1000');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    const latest = (await pspCharges()).at(-1)!;
    await sb.control('POST', `/charges/${latest.id}/pay`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Pago$/ })
      .waitFor({ timeout: 5000 });
    await page.screenshot({ path: shot('caixa-pago') });
  });

  it('Esc starts over: the form is cleared and the amount has the focus', async () => {
    // A charge on screen freezes the form; Esc frees it.
    await chargeByKeyboard(page, '700');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    // A pending charge asks before it is dropped (UI.md: `Nova cobrança` (Esc) asks first).
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect.poll(focused).toBe('amount');
    await page.keyboard.type('555');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('Valor').inputValue()).toBe('R$ 0,00');
    await expect.poll(focused).toBe('amount');
  });

  it('Verificando… on a dropped answer, then the charge resolves with its QR', async () => {
    await sb.control('POST', '/faults', { route: 'POST /payments/deposit', kind: 'drop' });
    await chargeByKeyboard(page, '4200');
    await page.getByRole('status').filter({ hasText: 'Verificando…' }).waitFor();
    await page.screenshot({ path: shot('caixa-verificando') });
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor({ timeout: 10_000 });
    expect(await chargeStatus().textContent()).toBe('Aguardando pagamento');
    const mine = (await pspCharges()).filter((c) => c.status === 'PENDING');
    expect(new Set(mine.map((c) => c.externalId)).size).toBe(mine.length);
  });

  it('badqr: no QR is shown, and the cashier is told why', async () => {
    await sb.control('POST', '/faults', {
      route: 'POST /payments/deposit',
      kind: 'badqr',
      value: 'crc',
    });
    await chargeByKeyboard(page, '777');
    await page.getByRole('status').filter({ hasText: 'Falhou' }).waitFor();
    expect(await page.getByRole('img', { name: 'QR Code PIX' }).count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'código PIX inválido' }).count()).toBe(
      1,
    );
    await page.screenshot({ path: shot('caixa-badqr') });
  });

  it('invalid input is explained next to its field and sends nothing', async () => {
    const before = (await pspCharges()).length;
    await page.getByLabel('Valor').focus();
    await page.keyboard.press('Enter');
    await page.getByText('O valor precisa ser maior que zero.').waitFor();
    await expect.poll(focused).toBe('amount');
    await page.keyboard.type('1500');
    await expect.poll(() => page.getByLabel('Valor').inputValue()).toBe('R$ 15,00');
    await fillPayer(page, { name: 'Ana', document: '123.456.789-00', email: 'ana@', phone: '123' });
    await page.getByRole('button', { name: 'Cobrar' }).click();
    await page.getByText('CPF/CNPJ inválido: confira os números.').waitFor();
    await page.getByText(/E-mail inválido/).waitFor();
    await page.getByText(/Telefone inválido/).waitFor();
    await expect.poll(focused).toBe('payer-document');
    await page.screenshot({ path: shot('caixa-erros') });
    expect((await pspCharges()).length).toBe(before);
  });
});

describe('the other screens', () => {
  it('Histórico lists the charges newest first, filters by status, exports a pt-BR CSV', async () => {
    // Its own charges: one of R$ 50,00 paid, then one of R$ 12,00 left waiting.
    await page.getByRole('button', { name: 'Caixa' }).click();
    await chargeByKeyboard(page, '5000');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await sb.control('POST', `/charges/${(await pspCharges()).at(-1)!.id}/pay`);
    await chargeStatus()
      .filter({ hasText: /^Pago$/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await chargeByKeyboard(page, '1200');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await page.getByRole('button', { name: 'Histórico' }).click();
    await page.getByRole('table').first().waitFor();
    const rows = page.locator('table.history tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => rows.first().textContent()).toContain('12,00');
    await expect.poll(() => rows.nth(1).textContent()).toContain('50,00');
    await page.screenshot({ path: shot('historico') });
    await page.getByLabel('Situação').selectOption('PAID');
    await expect.poll(() => rows.filter({ hasText: '12,00' }).count()).toBe(0);
    expect(await rows.filter({ hasText: '50,00' }).count()).toBe(1);
    expect(await rows.filter({ hasNotText: 'Pago' }).count()).toBe(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toMatch(/;50,00;0,50;49,50;Pago;/);
    expect(csv).not.toMatch(/;12,00;/);
    await page.getByLabel('Situação').selectOption('');
  });

  it('Saldo and Taxas cripto read the PSP', async () => {
    await page.getByRole('button', { name: 'Saldo' }).click();
    await page.getByText('Disponível').waitFor();
    await page.screenshot({ path: shot('saldo') });
    await page.getByRole('button', { name: 'Taxas cripto' }).click();
    await page.getByLabel('Valor do saque (R$)').fill('100,00');
    await page.getByText('Dentro dos limites').waitFor();
    await page.screenshot({ path: shot('taxas') });
  });

  it('owner screens ask for the PIN first', async () => {
    await page.getByRole('button', { name: 'Saque PIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'PIN do proprietário' });
    await dialog.waitFor();
    await page.screenshot({ path: shot('pin') });
    await page.getByLabel('PIN', { exact: true }).fill('0000');
    await page.keyboard.press('Enter');
    await page.getByText('PIN incorreto.').waitFor();
    await page.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await page.keyboard.press('Enter');
    await page.getByLabel('Chave PIX').waitFor();
    await page.screenshot({ path: shot('saque') });
    await page.getByRole('button', { name: 'Infrações (MED)' }).click();
    await page.getByRole('button', { name: 'Detalhes de inf-0001' }).waitFor();
    await page.screenshot({ path: shot('infracoes') });
    await page.getByRole('button', { name: 'Configurações' }).click();
    await page.getByLabel('Nome do terminal').waitFor();
    await page.screenshot({ path: shot('configuracoes'), fullPage: true });
  });

  it('the customer display shows the current charge large, then Pago', async () => {
    await page.getByRole('button', { name: 'Caixa' }).click();
    await chargeByKeyboard(page, '3300');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    const customer = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await customer.goto(host.url.replace('/#token=', '/#/cliente&token='));
    await customer.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await customer.screenshot({ path: shot('cliente') });
    const latest = (await pspCharges()).at(-1)!;
    await sb.control('POST', `/charges/${latest.id}/pay`);
    await customer.getByRole('status').filter({ hasText: 'Pago' }).waitFor();
    await customer.screenshot({ path: shot('cliente-pago') });
    await customer.close();
  });
});
