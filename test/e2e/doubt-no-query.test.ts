import { describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { appPerFile } from '../helpers/app-session';

// Issue 20, item 4 on the cashier's screen (development host, Debian's Chromium): with no status
// query, a create whose answer was lost after the PSP recorded it leaves no sale in doubt.
const app = appPerFile({ width: 1280, height: 900 }, ['--status-query', '']);

const qr = () => app.page.getByRole('img', { name: 'QR Code PIX' });
const status = (text: string | RegExp) => app.page.getByRole('status').filter({ hasText: text });
async function charge(digits: string) {
  await app.page.getByLabel('Valor').focus();
  await app.page.keyboard.type(digits);
  for (const text of ['', 'Ana Souza', '123.456.789-09', 'ana@padaria.com.br', '(11) 91234-5678']) {
    await app.page.keyboard.press('Tab');
    await app.page.keyboard.type(text);
  }
  await app.page.keyboard.press('Enter');
}
const pspCharges = async () =>
  (await app.sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>;

describe('a sale in doubt without a status query', () => {
  it('within 10 s: "cannot be shown — start a new one", Nova cobrança frees the form, the old one paid later is announced', async () => {
    await app.sb.control('POST', '/faults', { route: 'POST /payments/deposit', kind: 'drop' });
    await charge('3333');
    await status('Verificando…').waitFor({ timeout: 10_000 });
    const doubtAt = Date.now();
    await status('Cancelado').waitFor({ timeout: 10_000 });
    expect(Date.now() - doubtAt).toBeLessThan(10_000);
    await app.page.getByText('não pode ser exibida').waitFor();
    expect(await qr().count()).toBe(0);
    // Nothing more to check: the button that could not help is gone.
    expect(await app.page.getByRole('button', { name: 'Verificar de novo' }).count()).toBe(0);
    await app.page.screenshot({ path: shot('caixa-cobranca-encerrada-sem-consulta') });
    const old = (await pspCharges()).at(-1)!;

    // `Nova cobrança` starts over at once (nothing left to cancel), and the new sale gets its QR.
    await app.page.getByRole('button', { name: 'Nova cobrança' }).click();
    expect(await app.page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => app.page.getByLabel('Valor').inputValue()).toBe('R$ 0,00');
    await charge('3333');
    await qr().waitFor({ timeout: 10_000 });
    expect((await pspCharges()).filter((c) => c.externalId === old.externalId)).toHaveLength(1);

    // The payer paid the old one after all: caught, announced on screen, the new QR untouched.
    await app.sb.control('POST', `/charges/${old.id}/pay`);
    await app.page
      .getByRole('alert')
      .filter({ hasText: 'Pago: R$ 33,33' })
      .waitFor({ timeout: 10_000 });
    expect(await qr().count()).toBe(1);
  }, 60_000);
});
