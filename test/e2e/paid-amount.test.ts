import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { typeSale } from '../helpers/cashier';
import { appPerFile } from '../helpers/app-session';
import { openCustomerDisplay } from '../helpers/customer-display';

// Issue 20, item 3, in Chromium on the development host: the sandbox's payer pays another
// amount than charged; the cashier sees "Pago com valor diferente" (never the green Pago) with
// charged vs received, and so do the receipt, Histórico (filtered), the CSV and Fechamento.
const app = appPerFile();

const status = () => app.page.getByRole('status').filter({ hasText: /^Pago/ });
const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

/** A sale typed at the counter, paid by the sandbox's payer with `paid` reais. */
async function sellAndPay(digits: string, paid: number): Promise<string> {
  const newCharge = app.page.getByRole('button', { name: 'Nova cobrança' });
  if (await newCharge.count()) await newCharge.click();
  await typeSale(app.page, digits);
  await app.page.getByRole('button', { name: 'Cobrar' }).click();
  await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
  const latest = (
    (await app.sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>
  ).at(-1)!;
  const r = await app.sb.control('POST', `/charges/${latest.id}/pay`, { amount: paid });
  expect(r.status).toBe(200);
  await status().waitFor({ timeout: 10_000 });
  return latest.externalId;
}

const background = (selector: string) =>
  app.page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);
const GREEN = 'rgb(11, 110, 61)';

let under = '';
let over = '';

describe('the cashier screen', () => {
  it('underpaid (R$ 0,01 on R$ 56,78): amber "Pago com valor diferente", both amounts, never green', async () => {
    under = await sellAndPay('5678', 0.01);
    expect(await status().textContent()).toBe('Pago com valor diferente');
    const panel = app.page.getByRole('region', { name: 'Pago com valor diferente' });
    expect(nbsp(await panel.getByTestId('valor-cobrado').textContent())).toBe('R$ 56,78');
    expect(nbsp(await panel.getByTestId('valor-recebido').textContent())).toBe('R$ 0,01');
    expect(nbsp(await panel.textContent())).toContain('Faltam R$ 56,77');
    expect(await background('.charge-status')).toBe('rgb(255, 244, 204)');
    expect(await background('.charge-panel')).not.toBe(GREEN);
    expect(await app.page.locator('.charge-panel.paid').count()).toBe(0);
    await app.page.screenshot({ path: shot('caixa-pago-valor-diferente-menor') });
  });

  it('its receipt says so, the money that arrived and what was charged', async () => {
    const dir = tempDir('balcao-receipt-');
    const pdf = path.join(dir, 'diferente.pdf');
    writeFileSync(pdf, await app.page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const text = nbsp(execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8'));
    expect(text).toContain('Comprovante de pagamento PIX');
    expect(text).toContain('Pago com valor diferente');
    expect(text).toMatch(/Cobrado\s+R\$ 56,78/);
    expect(text).toMatch(/Recebido\s+R\$ 0,01/);
  });

  it('overpaid (R$ 15,00 on R$ 10,00): flagged, not green, with the amount over', async () => {
    over = await sellAndPay('1000', 15);
    expect(await status().textContent()).toBe('Pago com valor diferente');
    const panel = app.page.getByRole('region', { name: 'Pago com valor diferente' });
    expect(nbsp(await panel.getByTestId('valor-recebido').textContent())).toBe('R$ 15,00');
    expect(nbsp(await panel.textContent())).toContain('R$ 5,00 a mais');
    expect(await background('.charge-status')).toBe('rgb(239, 230, 247)');
    expect(await app.page.locator('.charge-panel.paid').count()).toBe(0);
    await app.page.screenshot({ path: shot('caixa-pago-valor-diferente-maior') });
  });
});

describe('Histórico, CSV and Fechamento', () => {
  it('the filter lists both with charged vs received; the CSV and the closing count what arrived', async () => {
    await app.page.getByRole('button', { name: 'Histórico' }).click();
    await app.page.getByLabel('Situação').selectOption({ label: 'Pago com valor diferente' });
    const rows = app.page.locator('table.history tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const received = async (id: string) =>
      nbsp(
        await app.page.locator(`tr[data-charge-id="${id}"] [data-testid="recebido"]`).textContent(),
      );
    expect(await received(under)).toBe('R$ 0,01');
    expect(await received(over)).toBe('R$ 15,00');
    await app.page.screenshot({ path: shot('historico-valor-diferente') });

    await app.page.getByLabel('Situação').selectOption({ label: 'Todas' });
    const download = app.page.waitForEvent('download');
    await app.page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
    const line = (id: string) => csv.find((l) => l.startsWith(`${id};`))!;
    expect(line(under)).toMatch(/;56,78;0,01;[^;]*;[^;]*;Pago com valor diferente;/);
    expect(line(over)).toMatch(/;10,00;15,00;[^;]*;[^;]*;Pago com valor diferente;/);

    const closing = app.page.getByRole('region', { name: 'Fechamento do dia' });
    const row = (label: string) =>
      closing.getByRole('row', { name: new RegExp(`^${label}`) }).first();
    await expect
      .poll(async () => nbsp(await row('Recebido').textContent()))
      .toBe('Recebido2R$ 15,01');
    expect(nbsp(await row('dos quais pagos com valor diferente').textContent())).toBe(
      'dos quais pagos com valor diferente (recebido)2R$ 15,01',
    );
    expect(nbsp(await row('valor cobrado nesses pagamentos').textContent())).toBe(
      'valor cobrado nesses pagamentosR$ 66,78',
    );
  });
});

describe('the customer display', () => {
  it('shows the payer "Pago com valor diferente" with both amounts, never a green Pago', async () => {
    await app.page.getByRole('button', { name: 'Caixa' }).click();
    // Live before the sale: a sale paid before its socket opened would never reach it.
    const customer = await openCustomerDisplay(app.browser, app.host.url);
    try {
      await sellAndPay('2222', 20);
      const shown = customer.getByRole('status').filter({ hasText: 'Pago com valor diferente' });
      await shown.waitFor({ timeout: 10_000 });
      const text = nbsp(await customer.locator('main').textContent());
      expect(text).toContain('Cobrado R$ 22,22');
      expect(text).toContain('Recebido R$ 20,00');
      const bg = await customer
        .locator('main')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).toBe('rgb(255, 244, 204)');
      await customer.screenshot({ path: shot('cliente-valor-diferente') });
    } finally {
      await customer.close();
    }
  });
});
