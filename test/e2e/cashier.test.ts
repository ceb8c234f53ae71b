import jsQR from 'jsqr';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { chargeByKeyboard, startOver } from '../helpers/cashier';
import { fillPayer } from '../helpers/screens';

// The whole cashier flow in Debian's Chromium, against the development host on a sandbox.
const app = appPerFile();
beforeEach(async () => {
  await app.sb.control('DELETE', '/faults');
  await startOver(app.page);
});

const pspCharges = async () =>
  (await app.sb.control('GET', '/charges')).body as Array<{
    id: string;
    externalId: string;
    status: string;
  }>;
const chargeStatus = () => app.page.locator('.charge-status');
/** The id of the focused element; polled, because React moves the focus after it renders. */
const focused = () => app.page.evaluate(() => document.activeElement?.id);

describe('the cashier screen', () => {
  it('charges by keyboard alone; the QR on screen decodes to the copy-and-paste code', async () => {
    await expect.poll(focused).toBe('amount');
    await chargeByKeyboard(app.page, '2590');
    const qr = app.page.getByRole('img', { name: 'QR Code PIX' });
    await qr.waitFor();
    await expect
      .poll(() => app.page.getByRole('status').filter({ hasText: 'Aguardando pagamento' }).count())
      .toBe(1);
    await app.page.screenshot({ path: shot('caixa-qr') });
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const text = await app.page.getByTestId('pix-copia-e-cola').textContent();
    expect(decoded?.data).toBe(text);
    expect(text).toContain('540525.90');
    const box = await qr.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300);
    // The same sale cannot be charged twice: the form is frozen until "Nova cobrança".
    const count = (await pspCharges()).length;
    await app.page.getByRole('button', { name: 'Cobrar' }).click({ force: true });
    await app.page.keyboard.press('Enter');
    expect((await pspCharges()).length).toBe(count);
    expect(await app.page.getByRole('button', { name: 'Cobrar' }).isDisabled()).toBe(true);
  });

  it('shows Pago the moment the sandbox reports the payment', async () => {
    await chargeByKeyboard(app.page, '1000');
    await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    const latest = (await pspCharges()).at(-1)!;
    await app.sb.control('POST', `/charges/${latest.id}/pay`);
    await app.page
      .getByRole('status')
      .filter({ hasText: /^Pago$/ })
      .waitFor({ timeout: 5000 });
    await app.page.screenshot({ path: shot('caixa-pago') });
  });

  it('Esc starts over: the form is cleared and the amount has the focus', async () => {
    // A charge on screen freezes the form; Esc frees it.
    await chargeByKeyboard(app.page, '700');
    await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    // A pending charge asks before it is dropped (UI.md: `Nova cobrança` (Esc) asks first).
    await app.page.keyboard.press('Escape');
    await app.page.getByRole('dialog').getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect.poll(focused).toBe('amount');
    await app.page.keyboard.type('555');
    await app.page.keyboard.press('Escape');
    await expect.poll(() => app.page.getByLabel('Valor').inputValue()).toBe('R$ 0,00');
    await expect.poll(focused).toBe('amount');
  });

  it('Verificando… on a dropped answer, then the charge resolves with its QR', async () => {
    await app.sb.control('POST', '/faults', { route: 'POST /payments/deposit', kind: 'drop' });
    await chargeByKeyboard(app.page, '4200');
    await app.page.getByRole('status').filter({ hasText: 'Verificando…' }).waitFor();
    await app.page.screenshot({ path: shot('caixa-verificando') });
    await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor({ timeout: 10_000 });
    expect(await chargeStatus().textContent()).toBe('Aguardando pagamento');
    const mine = (await pspCharges()).filter((c) => c.status === 'PENDING');
    expect(new Set(mine.map((c) => c.externalId)).size).toBe(mine.length);
  });

  it('badqr: no QR is shown, and the cashier is told why', async () => {
    await app.sb.control('POST', '/faults', {
      route: 'POST /payments/deposit',
      kind: 'badqr',
      value: 'crc',
    });
    await chargeByKeyboard(app.page, '777');
    await app.page.getByRole('status').filter({ hasText: 'Falhou' }).waitFor();
    expect(await app.page.getByRole('img', { name: 'QR Code PIX' }).count()).toBe(0);
    expect(
      await app.page.getByRole('alert').filter({ hasText: 'código PIX inválido' }).count(),
    ).toBe(1);
    await app.page.screenshot({ path: shot('caixa-badqr') });
  });

  it('invalid input is explained next to its field and sends nothing', async () => {
    const before = (await pspCharges()).length;
    await app.page.getByLabel('Valor').focus();
    await app.page.keyboard.press('Enter');
    await app.page.getByText('O valor precisa ser maior que zero.').waitFor();
    await expect.poll(focused).toBe('amount');
    await app.page.keyboard.type('1500');
    await expect.poll(() => app.page.getByLabel('Valor').inputValue()).toBe('R$ 15,00');
    await fillPayer(app.page, {
      name: 'Ana',
      document: '123.456.789-00',
      email: 'ana@',
      phone: '123',
    });
    await app.page.getByRole('button', { name: 'Cobrar' }).click();
    await app.page.getByText('CPF/CNPJ inválido: confira os números.').waitFor();
    await app.page.getByText(/E-mail inválido/).waitFor();
    await app.page.getByText(/Telefone inválido/).waitFor();
    await expect.poll(focused).toBe('payer-document');
    await app.page.screenshot({ path: shot('caixa-erros') });
    expect((await pspCharges()).length).toBe(before);
  });
});

describe('the other screens', () => {
  it('Histórico lists the charges newest first, filters by status, exports a pt-BR CSV', async () => {
    // Its own charges: one of R$ 50,00 paid, then one of R$ 12,00 left waiting.
    await app.page.getByRole('button', { name: 'Caixa' }).click();
    await chargeByKeyboard(app.page, '5000');
    await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await app.sb.control('POST', `/charges/${(await pspCharges()).at(-1)!.id}/pay`);
    await chargeStatus()
      .filter({ hasText: /^Pago$/ })
      .waitFor();
    await app.page.keyboard.press('Escape');
    await chargeByKeyboard(app.page, '1200');
    await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await app.page.getByRole('button', { name: 'Histórico' }).click();
    await app.page.getByRole('table').first().waitFor();
    const rows = app.page.locator('table.history tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => rows.first().textContent()).toContain('12,00');
    await expect.poll(() => rows.nth(1).textContent()).toContain('50,00');
    await app.page.screenshot({ path: shot('historico') });
    await app.page.getByLabel('Situação').selectOption('PAID');
    await expect.poll(() => rows.filter({ hasText: '12,00' }).count()).toBe(0);
    expect(await rows.filter({ hasText: '50,00' }).count()).toBe(1);
    expect(await rows.filter({ hasNotText: 'Pago' }).count()).toBe(0);
    const download = app.page.waitForEvent('download');
    await app.page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toMatch(/;50,00;0,50;49,50;Pago;/);
    expect(csv).not.toMatch(/;12,00;/);
    await app.page.getByLabel('Situação').selectOption('');
  });

  it('Saldo and Taxas cripto read the PSP', async () => {
    await app.page.getByRole('button', { name: 'Saldo' }).click();
    await app.page.getByText('Disponível').waitFor();
    await app.page.screenshot({ path: shot('saldo') });
    await app.page.getByRole('button', { name: 'Taxas cripto' }).click();
    await app.page.getByLabel('Valor do saque (R$)').fill('100,00');
    await app.page.getByText('Dentro dos limites').waitFor();
    await app.page.screenshot({ path: shot('taxas') });
  });

  it('owner screens ask for the PIN first', async () => {
    await app.page.getByRole('button', { name: 'Saque PIX' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'PIN do proprietário' });
    await dialog.waitFor();
    await app.page.screenshot({ path: shot('pin') });
    await app.page.getByLabel('PIN', { exact: true }).fill('0000');
    await app.page.keyboard.press('Enter');
    await app.page.getByText('PIN incorreto.').waitFor();
    await app.page.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await app.page.keyboard.press('Enter');
    await app.page.getByLabel('Chave PIX').waitFor();
    await app.page.screenshot({ path: shot('saque') });
    await app.page.getByRole('button', { name: 'Infrações (MED)' }).click();
    await app.page.getByRole('button', { name: 'Detalhes de inf-0001' }).waitFor();
    await app.page.screenshot({ path: shot('infracoes') });
    await app.page.getByRole('button', { name: 'Configurações' }).click();
    await app.page.getByLabel('Nome do terminal').waitFor();
    await app.page.screenshot({ path: shot('configuracoes'), fullPage: true });
  });

  it('the customer display shows the current charge large, then Pago', async () => {
    await app.page.getByRole('button', { name: 'Caixa' }).click();
    await chargeByKeyboard(app.page, '3300');
    await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    const customer = await app.browser.newPage({ viewport: { width: 1024, height: 768 } });
    await customer.goto(app.host.url.replace('/#token=', '/#/cliente&token='));
    await customer.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await customer.screenshot({ path: shot('cliente') });
    const latest = (await pspCharges()).at(-1)!;
    await app.sb.control('POST', `/charges/${latest.id}/pay`);
    await customer.getByRole('status').filter({ hasText: 'Pago' }).waitFor();
    await customer.screenshot({ path: shot('cliente-pago') });
    await customer.close();
  });
});
