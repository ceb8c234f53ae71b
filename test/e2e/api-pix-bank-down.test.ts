import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startDemoRelay } from '../../electron/main/demo';
import { apiPixSandbox } from '../helpers/api-pix';
import { apiPixHost, forgetSecrets, saveApiPix } from '../helpers/api-pix-host';
import { chargeToQr } from '../helpers/api-pix-screens';
import { openPage, shot } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { perFile } from '../helpers/per-file';
import { startTcpDoor } from '../helpers/tcp-door';

// Issue 33, Bad input "a bank truly down for 2 minutes mid-sale", through the development host
// and Chromium. The app reaches the API Pix sandbox through a door that is shut right after the
// QR is on screen (connections refused, as a bank whose front is down) while the bank itself
// settles the customer's PIX. The Caixa says the truth in words — no automatic notice now,
// don't take the customer's receipt, wait, look at Histórico or the bank's app — and when the
// door opens again the sale reaches Pago by itself, its cob created once.
// The window is 20 s here (BALCAO_TEST_BANK_DOWN_MS=120000 for the 2 minutes): what
// matters is that the app's looks at 3 and 15 s fall inside it and a later one after it.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const PIN = '4826';
const DOWN_MS = Number(process.env.BALCAO_TEST_BANK_DOWN_MS ?? 20_000);

const app = perFile(async (own) => {
  const sb = own(await apiPixSandbox());
  const door = own(
    await startTcpDoor({ host: '127.0.0.1', port: Number(new URL(sb.baseUrl).port) }),
  );
  const through = (u: string) => {
    const url = new URL(u);
    url.port = String(door.port);
    return url.toString().replace(/\/$/, '');
  };
  // Connected to a relay, so that only the bank's absence can make the Caixa warn.
  const relay = await startDemoRelay(tempDir());
  own(relay.relay);
  const host = own(await apiPixHost(sb, service));
  if (hasSecretService)
    await saveApiPix(
      host,
      { ...sb, baseUrl: through(sb.baseUrl), tokenUrl: through(sb.tokenUrl) },
      PIN,
      { url: relay.relay.url, channelId: relay.channelId, token: relay.token, adminToken: '' },
    );
  const { page } = own(await openPage(host.url, { width: 1366, height: 768 }));
  return { sb, door, host, page };
}, 90_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await app.page.screenshot({ path: shot('api-pix-banco-fora-falhou'), fullPage: true });
    console.log(app.host.output().slice(-6000));
  }
});
afterAll(() => forgetSecrets(service));

describe.skipIf(!hasSecretService)('an API Pix bank truly down mid-sale', () => {
  it(
    'the Caixa says the truth while down (never "take the receipt"); back up, the sale paid meanwhile turns Pago; one PUT',
    async () => {
      const { page, sb, door } = app;
      const cob = await chargeToQr(page, sb, 3333);
      await door.shut();
      const downAt = Date.now();
      // The customer pays at their bank: the money lands, the shop's bank API is unreachable.
      await sb.pay(cob.txid);

      const warning = page
        .getByRole('alert')
        .filter({ hasText: 'Sem aviso automático de pagamento' });
      await warning.waitFor({ timeout: 20_000 });
      const words = (await warning.textContent()) ?? '';
      expect(words).toContain('Não aceite comprovante mostrado pelo cliente');
      expect(words).toMatch(/Aguarde nesta tela/);
      expect(words).toMatch(/Histórico/);
      // No screen tells the cashier to settle on the customer's receipt.
      expect(await page.locator('body').textContent()).not.toMatch(/pe[çc]a .{0,30}comprovante/i);
      expect(await page.getByRole('status').filter({ hasText: 'Pago' }).count()).toBe(0);
      await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
      await page.screenshot({ path: shot('api-pix-banco-fora-aviso') });

      await page.waitForTimeout(Math.max(0, DOWN_MS - (Date.now() - downAt)));
      await door.open();
      const backAt = Date.now();
      await page
        .getByRole('status')
        .filter({ hasText: 'Pago' })
        .first()
        .waitFor({ timeout: Math.max(60_000, DOWN_MS) });
      console.log(`bank down ${DOWN_MS} ms: Pago ${Date.now() - backAt} ms after it was back`);
      await page.screenshot({ path: shot('api-pix-banco-volta-pago') });
      expect(await warning.count()).toBe(0);
      const puts = sb.state.requestLog.filter((r) => r.method === 'PUT' && r.url.includes('/cob/'));
      expect(puts).toHaveLength(1);
    },
    120_000 + 2 * DOWN_MS,
  );
});
