import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoRelay } from '../../electron/main/demo';
import { API_PIX_ACCOUNT, apiPixSandbox } from '../helpers/api-pix';
import { forgetSecrets } from '../helpers/api-pix-host';
import { openPage, shot } from '../helpers/browser';
import { stopAll } from '../helpers/stop-all';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { NGINX, startNginx, type Nginx } from '../helpers/nginx';
import { fillPayer, onboardWithPin, pinIfAsked, SHOP_PAYER } from '../helpers/screens';

// Issue 26, the PSP's webhook through the development host and Chromium. The owner saves the
// API Pix with a relay: the app registers PUT /webhook/{chave} and says what the PSP answered
// (✗ with the PSP's words for the relay's plain address, ✓ for the mutual-TLS proxy in front of
// it, docs/nginx-api-pix-webhook.conf). Then the sandbox's `{pix:[…]}` reaches the relay's
// /hooks/<channel>/pix through nginx, and the screen turns Pago: reconciliation's own passes
// are an hour apart here, so only the webhook's hint asked GET /cob (checked in the sandbox's
// request log: nothing asked about the charge before the webhook was sent).
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const PIN = '4826';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;
let sb: Sb;
let relay: Awaited<ReturnType<typeof startDemoRelay>>;
let nginx: Nginx;
let host: Host;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!NGINX || !hasSecretService) return;
  sb = await apiPixSandbox();
  // The relay as the development host runs its own (electron/main/demo.ts), nginx in front.
  relay = await startDemoRelay(tempDir());
  nginx = await startNginx(sb.pki, relay.relay.url);
  const ca = path.join(tempDir(), 'sandbox-ca.pem');
  writeFileSync(ca, sb.pki.ca.certPem);
  host = await startHost(
    ['--api-pix-ca', ca, '--api-pix-host', `${sb.publicName}=${sb.publicAddress}`],
    {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_KEYCHAIN_SERVICE: service,
      // nginx's certificate comes from the sandbox's CA: the relay's stream through it.
      NODE_EXTRA_CA_CERTS: ca,
      BALCAO_TEST_RECONCILE_MS: '3600000',
    },
  );
  ({ browser, page } = await openPage(host.url, { width: 1280, height: 1100 }));
}, 90_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await page?.screenshot({ path: shot('api-pix-webhook-falhou'), fullPage: true });
  if (ctx.task.result?.state === 'fail') console.log(host?.output().slice(-6000));
});
afterAll(async () => {
  await stopAll(browser, host);
  nginx?.stop();
  await relay?.relay.close();
  await sb?.close();
  if (hasSecretService) await forgetSecrets(service);
});

const webhookLine = () => page.getByRole('status', { name: 'Webhook registrado no PSP' });
async function toExtrasAndSave(relayUrl: string) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('URL do relay', { exact: true }).fill(relayUrl);
  await page.getByRole('button', { name: 'Salvar e usar' }).click();
}

describe.skipIf(!NGINX || !hasSecretService)('API Pix webhook end to end', () => {
  it('onboarding with the relay’s plain address: ✗ with the PSP’s words and what to do', async () => {
    await onboardWithPin(page, PIN);
    await page.getByLabel('Tipo de PSP').selectOption('api-pix');
    await page.getByLabel('URL do PSP').fill(sb.baseUrl);
    await page.getByLabel('URL do token').fill(sb.tokenUrl);
    await page.getByLabel('Chave PIX da loja').fill(API_PIX_ACCOUNT.chave);
    await page.getByLabel('Client ID').fill(API_PIX_ACCOUNT.clientId);
    await page.getByLabel('Client Secret').fill(API_PIX_ACCOUNT.clientSecret);
    await page.getByLabel('Certificado (PEM)', { exact: true }).fill(sb.pki.client.certPem);
    await page.getByLabel('Chave privada (PEM)', { exact: true }).fill(sb.pki.client.keyPem);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Canal do relay', { exact: true }).fill(relay.channelId);
    await page.getByLabel('Token do canal do relay').fill(relay.token);
    await fillPayer(page, SHOP_PAYER, ' padrão');
    // The relay's own (plain http) address: the PSP only posts to https.
    await page.getByLabel('URL do relay', { exact: true }).fill(relay.relay.url);
    await page.getByRole('button', { name: 'Salvar e usar' }).click();
    const refused = webhookLine().filter({ hasText: '✗' });
    await refused.filter({ hasText: 'webhook.webhookUrl não respeita o schema' }).waitFor();
    await refused.filter({ hasText: 'proxy com TLS mútuo' }).waitFor();
    await page.screenshot({ path: shot('api-pix-webhook-recusado') });
    expect(sb.state.webhooks.size).toBe(0);
    await page.getByRole('button', { name: 'Ir para o Caixa' }).click();
    await page.getByLabel('Valor', { exact: true }).waitFor();
  }, 120_000);

  it('saved again with nginx in front of the relay: ✓, and Configurações says so', async () => {
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    const connect = page.getByRole('button', { name: 'Conectar ao PSP' });
    await pinIfAsked(page, connect, PIN);
    await connect.click();
    await page.getByRole('heading', { name: 'Conectar ao PSP' }).waitFor();
    await toExtrasAndSave(nginx.url);
    const hook = `${nginx.url}/hooks/${relay.channelId}`;
    await webhookLine()
      .filter({ hasText: '✓' })
      .filter({ hasText: `${hook}/pix` })
      .waitFor();
    await page.screenshot({ path: shot('api-pix-webhook-registrado') });
    expect(sb.state.webhooks.get(API_PIX_ACCOUNT.chave)?.url).toBe(hook);
    await page.getByRole('button', { name: 'Ir para o Caixa' }).click();

    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await webhookLine().filter({ hasText: '✓' }).waitFor();
    await page.getByRole('button', { name: 'Caixa' }).click();
  }, 60_000);

  it('the sandbox pays: its webhook through nginx and the relay turns the screen Pago (no status poll)', async () => {
    await page.getByLabel('Valor', { exact: true }).focus();
    await page.keyboard.type('4550');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor({ timeout: 15_000 });
    const cob = [...sb.state.cobs.values()].find((c) => c.valorCents === 4550)!;
    // Long enough for a reconciliation pass at the usual 3 s, had there been one.
    await page.waitForTimeout(4_000);
    await sb.control('POST', `/pay/${cob.txid}`);
    await page.getByRole('status').filter({ hasText: 'Pago' }).first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: shot('api-pix-webhook-pago') });

    const sent = sb.state.webhookLog.filter((w) => w.url.startsWith(nginx.url));
    expect(sent).toEqual([expect.objectContaining({ status: 200 })]);
    const asked = sb.state.requestLog.filter(
      (r) => r.method === 'GET' && (r.url.includes(cob.txid) || r.url.startsWith('/v2/pix?')),
    );
    // Nothing asked about the charge until the PSP's webhook was on its way; then GET /cob.
    expect(asked.filter((r) => r.at < sent[0]!.at!)).toEqual([]);
    expect(asked.map((r) => r.url)).toContain(`/v2/cob/${cob.txid}`);
  }, 60_000);
});
