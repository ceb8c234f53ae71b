import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoRelay } from '../../../electron/main/demo';
import { ApiPixClient } from '../../../electron/services/psp/api-pix/client';
import { payerFetch } from '../../../electron/services/psp/api-pix/tls';
import { MemorySecretStore } from '../../../electron/services/secrets/secret-store';
import { pspSettingsSchema } from '../../../shared/psp-settings';
import { API_PIX_ACCOUNT, apiPixSandbox } from '../../helpers/api-pix';
import { coreOn, tempDir } from '../../helpers/core';
import { listenOnLoopback } from '../../helpers/loopback';
import { NGINX, startNginx, type Nginx } from '../../helpers/nginx';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

/**
 * Issue 33, Bad input / Deliver 5-6: Efí's registration check actually posted. The sandbox
 * (option `registrationProbe`, Efí profile) answers `PUT /webhook/{chave}` only after a request
 * without certificate to the registered URL was refused and its test notification, sent with the
 * PSP's certificate, was taken ([efi-webhook]). Behind the shop's mutual-TLS nginx the first is
 * refused (403), the second goes through the relay to the terminal, which logs it as a
 * registration probe: no refused payment notice, so no warning banner. A URL that takes the
 * request without certificate is not registered.
 */
describe.skipIf(!NGINX)('Efí’s webhook registration check, posted by the sandbox', () => {
  let sb: Sb;
  let relay: Awaited<ReturnType<typeof startDemoRelay>>;
  let nginx: Nginx;
  beforeAll(async () => {
    sb = await apiPixSandbox({ profile: 'efi', registrationProbe: true });
    relay = await startDemoRelay(tempDir());
    nginx = await startNginx(sb.pki, relay.relay.url);
  }, 60_000);
  afterAll(async () => {
    nginx?.child.kill('SIGTERM');
    await relay?.relay.close();
    await sb?.close();
  });

  /** The app's own API Pix client, as Salvar e usar registers the webhook with it. */
  const register = async (url: string) => {
    const payerF = payerFetch({ ca: sb.pki.ca.certPem });
    const client = new ApiPixClient({
      settings: pspSettingsSchema.parse({
        baseUrl: sb.baseUrl,
        kind: 'api-pix',
        apiPix: { tokenUrl: sb.tokenUrl, chave: API_PIX_ACCOUNT.chave },
      }),
      credentials: async () => ({
        clientId: API_PIX_ACCOUNT.clientId,
        clientSecret: API_PIX_ACCOUNT.clientSecret,
      }),
      certificate: async () => sb.pki.client,
      payerFetch: payerF.fetch,
      ca: sb.pki.ca.certPem,
    });
    try {
      return await client.registerWebhook(url);
    } finally {
      await client.close();
      await payerF.close();
    }
  };

  it('behind the mutual-TLS proxy: registered; the probe reaches the terminal as a probe, no refusal counted', async () => {
    const t = await coreOn(sb.baseUrl, {
      secrets: new MemorySecretStore(),
      pspOverride: {
        baseUrl: sb.baseUrl,
        credentials: {
          clientId: API_PIX_ACCOUNT.clientId,
          clientSecret: API_PIX_ACCOUNT.clientSecret,
        },
        statusQueryPath: '/cob/{id}',
      },
      relay: { url: relay.relay.url, channelId: relay.channelId, token: relay.token },
      apiPixTrust: { ca: sb.pki.ca.certPem, hosts: { [sb.publicName]: sb.publicAddress } },
    });
    const set = t.core.settings.update({
      psp: {
        kind: 'api-pix',
        callbackPolicy: 'confirm-by-query',
        apiPix: { tokenUrl: sb.tokenUrl, chave: API_PIX_ACCOUNT.chave },
      },
    });
    expect(set.ok, JSON.stringify(set)).toBe(true);
    await t.core.credentials.setClientCertificate({
      certPem: sb.pki.client.certPem,
      keyPem: sb.pki.client.keyPem,
    });
    await t.core.start();
    try {
      await expect.poll(() => t.core.connection().state, { timeout: 10_000 }).toBe('connected');
      const url = `${nginx.url}/hooks/${relay.channelId}`;
      expect(await register(url)).toEqual({ ok: true, value: true });
      // The two requests, as Efí's page describes them: refused without certificate, then taken.
      const probes = sb.state.webhookLog.filter((w) => w.probe);
      expect(probes.map((p) => [p.probe, p.url, p.status])).toEqual([
        ['no-certificate', url, 403],
        ['test-notification', url, 200],
      ]);
      const outcomes = () =>
        t.core.ledger.db.prepare('SELECT outcome FROM callback_events').all() as Array<{
          outcome: string;
        }>;
      await expect
        .poll(() => outcomes().map((o) => o.outcome), { timeout: 10_000 })
        .toEqual(['registration-probe']);
      expect(t.core.refusals.today().count).toBe(0);
      expect(t.core.info().refusalsToday?.count ?? 0).toBe(0);
    } finally {
      await t.core.stop();
    }
  }, 60_000);

  it('a URL that takes a request without certificate is not registered (Efí refuses it)', async () => {
    sb.state.webhooks.clear();
    // HTTPS without mutual TLS: answers 200 to anyone.
    const open = https.createServer(
      { cert: sb.pki.server.certPem, key: sb.pki.server.keyPem },
      (_req, res) => res.writeHead(200).end('200'),
    );
    const { port, close } = await listenOnLoopback(open);
    try {
      const r = await register(`https://127.0.0.1:${port}/webhook`);
      expect(r).toMatchObject({ ok: false, params: { pspError: 'webhook_invalido' } });
      expect(JSON.stringify(r)).toMatch(/sem certificado/);
      expect(sb.state.webhooks.size).toBe(0);
    } finally {
      await close();
    }
  });
});
