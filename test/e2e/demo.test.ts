import { copyFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, shot } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';

// What a new user sees first: DEMO mode on the embedded sandbox.
let host: Host;
let browser: Browser;
beforeAll(async () => {
  host = await startHost([], { BALCAO_DATA_DIR: tempDir() });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe('DEMO mode in the browser', () => {
  it('shows the DEMO badge, charges, and Simular pagamento turns it Pago', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    // A fresh install opens the welcome; trying DEMO is one click, and it is not asked again.
    await page.getByRole('button', { name: 'Experimentar (DEMO)' }).click();
    await page.getByText('DEMO', { exact: true }).waitFor();
    expect(await page.getByRole('status', { name: 'Conexão' }).textContent()).toContain(
      'Conectado',
    );
    // The screen's own hint, "Digite o valor e tecle Enter", is the whole first sale: DEMO has
    // its own payer, so no payer field is asked.
    await page.getByText('Cliente DEMO').waitFor();
    expect(await page.getByLabel('Nome do pagador').count()).toBe(0);
    await page.getByLabel('Valor').pressSequentially('1850');
    await page.getByLabel('Valor').press('Enter');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await page.screenshot({ path: shot('caixa-demo') });
    // The README's screenshot is this one (copied to docs/ by hand when the screen changes).
    copyFileSync(shot('caixa-demo'), shot('readme-caixa-demo'));
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Pago$/ })
      .waitFor();
    await page.screenshot({ path: shot('caixa-demo-pago') });
  });
});
