import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { apiPixSandbox } from '../helpers/api-pix';
import { apiPixHost, forgetSecrets, saveApiPix } from '../helpers/api-pix-host';
import { chargeToQr } from '../helpers/api-pix-screens';
import { openPage, shot } from '../helpers/browser';
import { perFile } from '../helpers/per-file';

// Issue 33, Bad input "a cob removed by the PSP while paid" (bacen/pix-api #324), on the
// Caixa in Chromium: the PIX lands while the bank removes the cob (sandbox fault
// `removedWhilePaid`: `GET /cob` reads REMOVIDA_PELO_PSP, `GET /pix` lists the payment). The
// screen says Pago with the amount, never "Cancelado"/"removida".
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const PIN = '4826';

const app = perFile(async (own) => {
  const sb = own(await apiPixSandbox());
  const host = own(await apiPixHost(sb, service));
  if (hasSecretService) await saveApiPix(host, sb, PIN);
  const { page } = own(await openPage(host.url, { width: 1366, height: 768 }));
  return { sb, host, page };
}, 90_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await app.page.screenshot({ path: shot('api-pix-removida-paga-falhou'), fullPage: true });
    console.log(app.host.output().slice(-6000));
  }
});
afterAll(() => forgetSecrets(service));

describe.skipIf(!hasSecretService)('a cob removed by the PSP while paid, on the Caixa', () => {
  it('the payment wins: Pago with the amount, not Cancelado', async () => {
    const { page, sb } = app;
    const cob = await chargeToQr(page, sb, 2575);
    await sb.control('PUT', '/faults', { removedWhilePaid: true });
    await sb.control('POST', `/pay/${cob.txid}`);
    expect(sb.state.cobs.get(cob.txid)?.status).toBe('REMOVIDA_PELO_PSP');
    const paid = page.getByRole('region', { name: 'Pago' });
    await paid.waitFor({ timeout: 30_000 });
    expect(await paid.textContent()).toMatch(/R\$\s25,75/);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/Cancelad|removid/i);
    await page.screenshot({ path: shot('api-pix-removida-paga') });
  }, 60_000);
});
