import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { decodeQr } from '../helpers/cashier';
import { LOOKED_AT, sizeName } from '../helpers/visual';
import { tempDir } from '../helpers/core';
import { openApp, type AppSession } from '../helpers/app-session';
import { StandInPdv } from '../helpers/stand-in-pdv';
import type { ChargeView } from '../../shared/views';

// A TEF Dial sale with no payer and no Pagador padrão (issue 34, D5): the Caixa comes forward
// with the amount, the cashier types the payer, the PDV's wait ends approved once paid; a sale
// nobody completes is answered in words after the bound, not left waiting.
let app: AppSession;
let pdv: StandInPdv;

beforeAll(async () => {
  const dir = tempDir('balcao-pdv-');
  process.env.BALCAO_PDV_PAYER_WAIT_MS = '8000';
  app = await openApp(undefined, ['--pdv-dir', dir]);
  delete process.env.BALCAO_PDV_PAYER_WAIT_MS;
  pdv = new StandInPdv(dir);
});
afterAll(() => app?.close());

describe('a PDV sale waiting for its payer on the Caixa', () => {
  it('the amount filled; the cashier types the payer; paid → the PDV gets its approval', async () => {
    const { page, sb } = app;
    const sale = await pdv.sale(4590);
    await expect.poll(() => page.getByLabel('Valor').inputValue()).toContain('45,90');
    await page.getByLabel('Nome do pagador').waitFor();
    // Said in words, and the cursor already where the payer is typed.
    const note = page.getByRole('status').filter({ hasText: `Venda do PDV ${sale.id}` });
    await note.waitFor();
    expect(await note.textContent()).toContain('digite o pagador e tecle Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payer-name');
    for (const size of LOOKED_AT) {
      await page.setViewportSize(size);
      await page.screenshot({ path: shot(`caixa-pdv-payer-needed-${sizeName(size)}`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.type('Maria Cliente');
    await page.getByLabel('CPF/CNPJ do pagador').fill('529.982.247-25');
    if (await page.getByLabel('E-mail do pagador').count()) {
      await page.getByLabel('E-mail do pagador').fill('maria@example.com');
      await page.getByLabel('Telefone do pagador').fill('11912345678');
    }
    await page.getByLabel('Valor').press('Enter');
    const qr = page.getByRole('img', { name: 'QR Code PIX' });
    await qr.waitFor();
    expect((await decodeQr(qr)).amountCents).toBe(4590);
    expect(await note.count()).toBe(0);
    const list = await app.host.call<ChargeView[]>('charges:list', {});
    const charge = list.ok ? list.value.find((c) => c.description === `PDV ${sale.id}`) : undefined;
    expect(charge?.payerName).toBe('Maria Cliente');
    await sb.control('POST', `/charges/${charge!.externalId}/pay`);
    const { answer } = await sale.result();
    expect(answer.get('009-000')).toBe('0');
    expect(answer.get('003-000')).toBe('4590');
  }, 60_000);

  it('nobody types the payer: the PDV is told in words, not left waiting', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Nova cobrança' }).click();
    const sale = await pdv.sale(1200);
    await expect.poll(() => page.getByLabel('Valor').inputValue()).toContain('12,00');
    const { answer } = await sale.result();
    expect(answer.get('009-000')).not.toBe('0');
    expect(answer.get('030-000')).toBe('PAGADOR NAO DIGITADO NO CAIXA');
  }, 60_000);
});
