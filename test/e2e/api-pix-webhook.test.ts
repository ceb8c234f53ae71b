import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startDemoRelay } from '../../electron/main/demo';
import { API_PIX_ACCOUNT, apiPixSandbox } from '../helpers/api-pix';
import { forgetSecrets } from '../helpers/api-pix-host';
import { openPage, shot } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { startHost } from '../helpers/devhost';
import { NGINX, startNginx } from '../helpers/nginx';
import {
  fillPayer,
  onboardWithPin,
  pinIfAsked,
  SHOP_PAYER,
  settingsSection,
} from '../helpers/screens';
import { perFile } from '../helpers/per-file';
import { chargeToQr, fillApiPixAccount, payUntilPago } from '../helpers/api-pix-screens';

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

const app = perFile(async (own) => {
  const sb = own(await apiPixSandbox());
  // The relay as the development host runs its own (electron/main/demo.ts), nginx in front.
  const relay = await startDemoRelay(tempDir());
  own(relay.relay);
  const nginx = own(await startNginx(sb.pki, relay.relay.url));
  const ca = path.join(tempDir(), 'sandbox-ca.pem');
  writeFileSync(ca, sb.pki.ca.certPem);
  const host = own(
    await startHost(
      ['--api-pix-ca', ca, '--api-pix-host', `${sb.publicName}=${sb.publicAddress}`],
      {
        BALCAO_DATA_DIR: tempDir(),
        BALCAO_KEYCHAIN_SERVICE: service,
        // nginx's certificate comes from the sandbox's CA: the relay's stream through it.
        NODE_EXTRA_CA_CERTS: ca,
        BALCAO_TEST_RECONCILE_MS: '3600000',
      },
    ),
  );
  const { page } = own(await openPage(host.url, { width: 1280, height: 1100 }));
  return { sb, relay, nginx, host, page };
}, 90_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await app.page.screenshot({ path: shot('api-pix-webhook-falhou'), fullPage: true });
  if (ctx.task.result?.state === 'fail') console.log(app.host.output().slice(-6000));
});
afterAll(() => forgetSecrets(service));

const webhookLine = () => app.page.getByRole('status', { name: 'Webhook registrado no PSP' });
async function toExtrasAndSave(relayUrl: string) {
  await app.page.getByRole('button', { name: 'Continuar' }).click();
  await app.page.getByLabel('URL do relay', { exact: true }).fill(relayUrl);
  await app.page.getByRole('button', { name: 'Salvar e usar' }).click();
}

describe.skipIf(!NGINX || !hasSecretService)('API Pix webhook end to end', () => {
  it('onboarding with the relay’s plain address: ✗ with the PSP’s words and what to do', async () => {
    await onboardWithPin(app.page, PIN);
    await app.page.getByLabel('Tipo de PSP').selectOption('api-pix');
    await fillApiPixAccount(app.page, app.sb);
    await app.page.getByLabel('Certificado (PEM)', { exact: true }).fill(app.sb.pki.client.certPem);
    await app.page
      .getByLabel('Chave privada (PEM)', { exact: true })
      .fill(app.sb.pki.client.keyPem);
    await app.page.getByRole('button', { name: 'Continuar' }).click();
    await app.page.getByLabel('Canal do relay', { exact: true }).fill(app.relay.channelId);
    await app.page.getByLabel('Token do canal do relay').fill(app.relay.token);
    await fillPayer(app.page, SHOP_PAYER, ' padrão');
    // The relay's own (plain http) address: the PSP only posts to https.
    await app.page.getByLabel('URL do relay', { exact: true }).fill(app.relay.relay.url);
    await app.page.getByRole('button', { name: 'Salvar e usar' }).click();
    const refused = webhookLine().filter({ hasText: '✗' });
    await refused.filter({ hasText: 'webhook.webhookUrl não respeita o schema' }).waitFor();
    await refused.filter({ hasText: 'proxy com TLS mútuo' }).waitFor();
    await app.page.screenshot({ path: shot('api-pix-webhook-recusado') });
    expect(app.sb.state.webhooks.size).toBe(0);
    await app.page.getByRole('button', { name: 'Ir para o Caixa' }).click();
    await app.page.getByLabel('Valor', { exact: true }).waitFor();
  }, 120_000);

  it('saved again with nginx in front of the relay: ✓, and Configurações says so', async () => {
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await pinIfAsked(app.page, app.page.getByRole('tab', { name: 'PSP' }), PIN);
    await settingsSection(app.page, 'PSP');
    await app.page.getByRole('button', { name: 'Conectar ao PSP' }).click();
    await app.page.getByRole('heading', { name: 'Conectar ao PSP' }).waitFor();
    await toExtrasAndSave(app.nginx.url);
    const hook = `${app.nginx.url}/hooks/${app.relay.channelId}`;
    await webhookLine()
      .filter({ hasText: '✓' })
      .filter({ hasText: `${hook}/pix` })
      .waitFor();
    await app.page.screenshot({ path: shot('api-pix-webhook-registrado') });
    expect(app.sb.state.webhooks.get(API_PIX_ACCOUNT.chave)?.url).toBe(hook);
    await app.page.getByRole('button', { name: 'Ir para o Caixa' }).click();

    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await settingsSection(app.page, 'PSP');
    await webhookLine().filter({ hasText: '✓' }).waitFor();
    await app.page.getByRole('button', { name: 'Caixa' }).click();
  }, 60_000);

  it('the sandbox pays: its webhook through nginx and the relay turns the screen Pago (no per-charge poll)', async () => {
    const cob = await chargeToQr(app.page, app.sb, 4550);
    // Long enough for a reconciliation pass at the usual 3 s, had there been one.
    await app.page.waitForTimeout(4_000);
    await payUntilPago(app.page, app.sb, cob.txid, 20_000);
    await app.page.screenshot({ path: shot('api-pix-webhook-pago') });

    const sent = app.sb.state.webhookLog.filter((w) => w.url.startsWith(app.nginx.url));
    expect(sent).toEqual([expect.objectContaining({ status: 200 })]);
    const e2e = (sent[0]!.body as { pix: Array<{ endToEndId: string }> }).pix[0]!.endToEndId;
    const gets = app.sb.state.requestLog.filter((r) => r.method === 'GET');
    // Nothing asked about this charge alone until the PSP's webhook was on its way: while it was
    // pending only the counter sweep read the received-PIX list (one call for every pending sale).
    const perCharge = gets.filter((r) => r.url.includes(cob.txid) || r.url.includes(e2e));
    expect(perCharge.filter((r) => r.at < sent[0]!.at!)).toEqual([]);
    expect(gets.filter((r) => r.at < sent[0]!.at!).every((r) => r.url.startsWith('/v2/pix?'))).toBe(
      true,
    );
    // Then the PIX the webhook named was read by its endToEndId (or, had it been quicker, by the
    // sweep's list); never GET /cob, which a lagging bank may still answer ATIVA.
    expect(
      gets.some(
        (r) => r.at >= sent[0]!.at! && (r.url === `/v2/pix/${e2e}` || r.url.startsWith('/v2/pix?')),
      ),
    ).toBe(true);
    expect(perCharge.map((r) => r.url)).not.toContain(`/v2/cob/${cob.txid}`);
  }, 60_000);
});
