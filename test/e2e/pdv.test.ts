import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { pinIfAsked } from '../helpers/screens';
import { decodeQr } from '../helpers/cashier';
import { tempDir } from '../helpers/core';
import { openApp, OWNER_PIN, type AppSession } from '../helpers/app-session';
import { StandInPdv } from '../helpers/stand-in-pdv';
import { setPdvPayer } from '../helpers/pdv-host';

// The shop's PDV sends a sale through the TEF Dial files; the cashier sees it on the Caixa.
let app: AppSession;
let pdv: StandInPdv;
let firstSale = '';

beforeAll(async () => {
  const dir = tempDir('balcao-pdv-');
  app = await openApp(undefined, ['--pdv-dir', dir]);
  pdv = new StandInPdv(dir);
  await setPdvPayer(app.host, OWNER_PIN);
});
afterAll(() => app?.close());

describe('a sale from the PDV on the Caixa', () => {
  it("shows the QR for the PDV's amount; canceled by the cashier, the PDV is told why", async () => {
    const { page } = app;
    const sale = await pdv.sale(4590);
    firstSale = sale.id;
    const qr = page.getByRole('img', { name: 'QR Code PIX' });
    await qr.waitFor();
    expect((await decodeQr(qr)).amountCents).toBe(4590);
    await expect.poll(() => page.getByText(`PDV ${sale.id}`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: shot('caixa-pdv') });
    await page.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sim, cancelar' }).click();
    const { answer } = await sale.result();
    expect(answer.get('009-000')).not.toBe('0');
    expect(answer.get('030-000')).toBe('COBRANCA PIX CANCELADA NO CAIXA');
  });

  it('Integração com o PDV: the folders in use, the last requests with their answers, a token shown once', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Integração com o PDV' }).click();
    // The PIN dialog comes a moment after the click: waited for, not looked for once.
    const heading = page.getByRole('heading', { level: 1, name: 'Integração com o PDV' });
    await pinIfAsked(page, heading, OWNER_PIN);
    await heading.waitFor();
    await expect.poll(() => page.getByTestId('pdv-state').textContent()).toContain(`${pdv.req}`);
    const row = page.getByRole('row').filter({ hasText: 'COBRANCA PIX CANCELADA NO CAIXA' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Negada');
    expect(await row.textContent()).toContain('R$');
    await page.getByRole('button', { name: 'Gerar token' }).click();
    const token = await page.getByTestId('pdv-token').textContent();
    expect(token).toMatch(/^blc_[\w-]{40,}$/);
    await page.screenshot({ path: shot('pdv-integracao') });
    // Shown once: after leaving and coming back, only "a token was generated" remains.
    await page.getByRole('button', { name: 'Caixa' }).click();
    await page.getByRole('button', { name: 'Integração com o PDV' }).click();
    await expect.poll(() => page.getByText('Há um token gerado.').count()).toBe(1);
  });

  it("Histórico shows the sale's reference next to its id", async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Histórico' }).click();
    const row = page.getByRole('row').filter({ hasText: `PDV ${firstSale}` });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('45,90');
  });
});
