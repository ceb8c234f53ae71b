import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPixSandbox } from '../helpers/api-pix';
import { apiPixHost, forgetSecrets, saveApiPix } from '../helpers/api-pix-host';
import { openPage, shot } from '../helpers/browser';
import { perFile } from '../helpers/per-file';
import { pinIfAsked, settingsSection } from '../helpers/screens';
import { LOOKED_AT } from '../helpers/visual';

// Configurações → PSP for an API Pix shop: a kept client certificate is one line, its PEM fields
// one click away (open, they made the section 1,607 px tall at 1024×768), and the section fits.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const PIN = '4826';
const app = perFile(async (own) => {
  const sb = own(await apiPixSandbox());
  const host = own(await apiPixHost(sb, service));
  if (hasSecretService) await saveApiPix(host, sb, PIN);
  const { page } = own(await openPage(host.url, { width: 1024, height: 768 }));
  return { page };
}, 90_000);
afterAll(() => forgetSecrets(service));

describe.skipIf(!hasSecretService)('Configurações → PSP with an API Pix bank', () => {
  it('the kept certificate is one line; Trocar o certificado opens its fields', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await pinIfAsked(page, page.getByRole('tab', { name: 'PSP' }), PIN);
    await settingsSection(page, 'PSP');
    const pem = page.getByLabel('Certificado (PEM)', { exact: true });
    await page.getByText('Há um certificado guardado no cofre do sistema.').waitFor();
    expect(await pem.isVisible()).toBe(false);
    // The section fits the shop's screen (the receiver is under Loja).
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      768,
    );
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      await page.screenshot({
        path: shot(`config-psp-api-pix-${width}x${height}`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByText('Trocar o certificado').click();
    await pem.waitFor();
    await page.getByRole('button', { name: 'Salvar certificado' }).waitFor();
  });
});
