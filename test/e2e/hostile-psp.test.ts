import { beforeEach, describe, expect, it } from 'vitest';
import { MERCHANT, OTHER_MERCHANT } from '../../sandbox/routes/charges';
import { shot } from '../helpers/browser';
import { depositFault } from '../helpers/sandbox';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { chargeByKeyboard, decodeQr, startOver } from '../helpers/cashier';
import { pinIfAsked, settingsSection } from '../helpers/screens';

// Issue 21 on the cashier's screen (development host, Debian's Chromium): hostile PSP replies
// never put a QR on screen; the first one is read as a phone would and names the shop.
const app = appPerFile({ width: 1280, height: 900 });
beforeEach(async () => {
  await app.sb.control('DELETE', '/faults');
  await startOver(app.page);
});

const qr = () => app.page.getByRole('img', { name: 'QR Code PIX' });
const fault = (kind: string, value?: string | number) => depositFault(app.sb, kind, value);
async function refused(alertText: string) {
  await app.page.getByRole('status').filter({ hasText: 'Falhou' }).waitFor();
  expect(await qr().count()).toBe(0);
  await app.page.getByRole('alert').filter({ hasText: alertText }).first().waitFor();
}

describe('hostile PSP replies on the cashier screen', () => {
  it('the first QR decodes to the amount and the shop: its receiver is learned', async () => {
    await chargeByKeyboard(app.page, '5322');
    await qr().waitFor({ timeout: 10_000 });
    const read = await decodeQr(qr());
    expect(read.amountCents).toBe(5322);
    expect(read.payload).toContain(MERCHANT.key);
  });

  it('a QR paying another receiver is never shown; the sale fails and says so', async () => {
    await fault('badqr', 'receiver');
    await chargeByKeyboard(app.page, '777');
    await refused('paga outra pessoa');
    await app.page.screenshot({ path: shot('caixa-outro-recebedor') });
  });

  it('a QR without an amount is never shown', async () => {
    await fault('badqr', 'noamount');
    await chargeByKeyboard(app.page, '1234');
    await refused('código PIX inválido');
  });

  it('a redirect on create: no QR, and the cashier is told to update the PSP URL', async () => {
    await fault('redirect', 'http://127.0.0.1:9/api/payments/deposit');
    await chargeByKeyboard(app.page, '1500');
    await refused('atualize a URL do PSP');
  });

  it('an endless reply on create: no QR, the charge is not left hanging', async () => {
    await fault('endless');
    await chargeByKeyboard(app.page, '1600');
    // The reply was cut at the cap: uncertain, then resolved by the status query (the sandbox
    // never processed it), and a QR that checks comes only from that.
    await qr().waitFor({ timeout: 15_000 });
    expect((await decodeQr(qr())).amountCents).toBe(1600);
  });

  it('Configurações shows the receiver for review and what was refused', async () => {
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    const section = app.page.getByRole('region', { name: 'Recebedor' });
    await pinIfAsked(app.page, app.page.getByRole('tab', { name: 'Loja' }), OWNER_PIN);
    await settingsSection(app.page, 'Loja');
    await section.getByTestId('receiver-pinned').waitFor();
    expect(await section.getByTestId('receiver-pinned').textContent()).toContain(MERCHANT.name);
    expect(await section.getByTestId('receiver-refused').textContent()).toContain(
      OTHER_MERCHANT.name,
    );
    await section.getByRole('button', { name: 'Sim, é a loja' }).click();
    await section.getByText('(confirmado)').waitFor();
    await app.page.screenshot({ path: shot('config-recebedor'), fullPage: true });
  });
});
