import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPixSandbox } from '../helpers/api-pix';
import { apiPixHost, forgetSecrets, saveApiPix } from '../helpers/api-pix-host';
import { openPage, shot } from '../helpers/browser';
import { perFile } from '../helpers/per-file';
import { chargeToQr } from '../helpers/api-pix-screens';

// Issue 26, Devolução through the development host and Chromium: a sale paid over the API Pix
// sandbox (mutual TLS), the owner's PIN, a partial then the full devolução with the PSP's
// statuses on screen as they change (EM_PROCESSAMENTO → DEVOLVIDO), and more than what is left
// refused in words without reaching the PSP.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const PIN = '4826';

const app = perFile(async (own) => {
  // Slow enough for "Em processamento" to be seen before the PSP says DEVOLVIDO.
  const sb = own(await apiPixSandbox({ refundSettleMs: 2_500 }));
  const host = own(await apiPixHost(sb, service));
  if (hasSecretService) await saveApiPix(host, sb, PIN);
  const { page } = own(await openPage(host.url, { width: 1280, height: 1100 }));
  return { sb, page };
}, 90_000);
afterAll(() => forgetSecrets(service));

const refundStatus = (amount: string) =>
  app.page.getByRole('status', { name: new RegExp(`Devolução de R\\$\\s${amount}`) });
async function refund(amount: string) {
  await app.page.getByLabel('Valor a devolver').fill(amount);
  await app.page.getByRole('button', { name: 'Devolver', exact: true }).click();
  const dialog = app.page.getByRole('dialog', { name: 'PIN do proprietário' });
  await dialog.getByLabel('PIN').fill(PIN);
  await app.page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!hasSecretService)('API Pix Devolução end to end', () => {
  it('a paid sale: partial then full devolução with live statuses; more than what is left refused in words', async () => {
    const cob = await chargeToQr(app.page, app.sb, 5000);
    await app.sb.control('POST', `/pay/${cob.txid}`);
    const paid = app.page.getByRole('region', { name: 'Pago' });
    await paid.waitFor({ timeout: 30_000 });

    await paid.getByRole('button', { name: 'Devoluções' }).click();
    await app.page.getByText(/Resta R\$\s50,00 para devolver/).waitFor();

    // Partial: R$ 20,00, the owner's PIN, then the PSP's statuses as they change.
    await refund('20,00');
    await refundStatus('20,00').filter({ hasText: 'Em processamento' }).waitFor();
    await app.page.screenshot({ path: shot('api-pix-devolucao-em-processamento') });
    await refundStatus('20,00').filter({ hasText: 'Devolvido' }).waitFor({ timeout: 20_000 });
    await app.page.getByText(/Resta R\$\s30,00 para devolver/).waitFor();
    expect(cob.pix[0]!.devolucoes).toMatchObject([{ valorCents: 2000, status: 'DEVOLVIDO' }]);

    // More than what is left: refused in words, and the PSP never hears of it.
    await refund('40,00');
    await app.page
      .getByRole('alert')
      .filter({ hasText: /passa do que resta desta venda: no máximo R\$\s30,00/ })
      .waitFor();
    expect(app.sb.state.refundRequests).toHaveLength(1);
    await app.page.screenshot({ path: shot('api-pix-devolucao-acima') });

    // The rest (what is left is the default): the sale is then refunded in full.
    await refund('');
    await refundStatus('30,00').filter({ hasText: 'Em processamento' }).waitFor();
    await refundStatus('30,00').filter({ hasText: 'Devolvido' }).waitFor({ timeout: 20_000 });
    await app.page.getByText('Esta venda já foi devolvida por inteiro.').waitFor();
    expect(cob.pix[0]!.devolucoes.map((d) => [d.valorCents, d.status])).toEqual([
      [2000, 'DEVOLVIDO'],
      [3000, 'DEVOLVIDO'],
    ]);
    await app.page.screenshot({ path: shot('api-pix-devolucao-total') });

    // Histórico: the day's sale carries what went back.
    await app.page.getByRole('button', { name: 'Histórico' }).click();
    await app.page
      .getByText(/Devolvido R\$\s50,00/)
      .first()
      .waitFor();
    // Fechamento do dia counts both devoluções on the day they were done.
    const refunded = app.page
      .getByRole('region', { name: 'Fechamento do dia' })
      .getByRole('table', { name: 'Dinheiro real' })
      .getByRole('row', { name: /^Devolvido/ });
    await expect.poll(() => refunded.innerText()).toMatch(/Devolvido\s+2\s+R\$\s50,00/);
  }, 120_000);
});
