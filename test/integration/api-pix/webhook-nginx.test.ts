import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoRelay } from '../../../electron/main/demo';
import { checkCallbackPath } from '../../../electron/services/golive/callback-check';
import { ApiPixClient, txidFor } from '../../../electron/services/psp/api-pix/client';
import { verdict } from '../../../shared/domain/connection-checks';
import { payerFetch } from '../../../electron/services/psp/api-pix/tls';
import { MemorySecretStore } from '../../../electron/services/secrets/secret-store';
import { pspSettingsSchema } from '../../../shared/psp-settings';
import { API_PIX_ACCOUNT, apiPixSandbox } from '../../helpers/api-pix';
import { coreOn, payer, tempDir } from '../../helpers/core';
import { saveApiPix } from '../../helpers/api-pix-host';
import { startHost } from '../../helpers/devhost';
import { NGINX, startNginx, type Nginx } from '../../helpers/nginx';
import keytar from 'keytar';
import { randomBytes } from 'node:crypto';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

// Item 6 of issue 26: the PSP's webhook reaches the app through a TLS-terminating nginx that
// demands the PSP's client certificate (docs/nginx-api-pix-webhook.conf, this very file), then
// the relay, then the terminal's stream; the app takes it as a hint and `GET /cob` says Pago.
describe.skipIf(!NGINX)('API Pix webhook through nginx (mutual TLS) and the relay', () => {
  let sb: Sb;
  let relay: Awaited<ReturnType<typeof startDemoRelay>>;
  let nginx: Nginx;
  beforeAll(async () => {
    sb = await apiPixSandbox();
    relay = await startDemoRelay(tempDir());
    nginx = await startNginx(sb.pki, relay.relay.url);
  }, 60_000);
  afterAll(async () => {
    nginx?.child.kill('SIGTERM');
    await relay?.relay.close();
    await sb?.close();
  });

  it('the sample configuration is valid for nginx -t', () => {
    const r = spawnSync(NGINX!, ['-t', '-p', nginx.dir, '-c', path.join(nginx.dir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    expect(r.stderr).toMatch(/syntax is ok/);
  });

  it('a caller without the PSP’s client certificate is refused at nginx; nothing reaches the relay', async () => {
    const noCert = new Agent({ connect: { ca: sb.pki.ca.certPem } });
    const res = await fetch(`${nginx.url}/hooks/${relay.channelId}/pix`, {
      method: 'POST',
      dispatcher: noCert,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [{ endToEndId: 'E1', txid: 'x', valor: '1.00' }] }),
    });
    expect(res.status).toBe(403);
    // The relay's other routes (the terminals' streams) pass without a client certificate.
    const health = await fetch(`${nginx.url}/healthz`, { dispatcher: noCert });
    expect(await health.json()).toEqual({ ok: true });
    await noCert.close();
  });

  // Issue 33, Deliver 4: Testar conexão's relay step behind this proxy.
  it('Testar conexão through the mutual-TLS proxy: "protected by mutual TLS", never "O PSP disse" nginx’s page', async () => {
    const noCert = new Agent({ connect: { ca: sb.pki.ca.certPem } });
    try {
      const line = await checkCallbackPath({
        relayUrl: nginx.url,
        channelId: relay.channelId,
        token: relay.token,
        fetch: ((u: string, init?: RequestInit) =>
          fetch(u, {
            ...(init as object),
            dispatcher: noCert,
          })) as unknown as typeof globalThis.fetch,
        boundMs: 8_000,
      });
      expect(line).toMatchObject({ id: 'callback', state: 'skipped', problem: 'MTLS_PROTECTED' });
      expect(line.pspMessage).toBeUndefined();
      expect(verdict([{ id: 'statusQuery', state: 'pass' }, line])).toBe(true);
    } finally {
      await noCert.close();
    }
  });

  it('registered by PUT /webhook/{chave}; a payment’s {pix:[…]} arrives through nginx and the relay; GET /cob turns it Pago', async () => {
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
    expect(
      t.core.settings.update({
        psp: {
          kind: 'api-pix',
          idempotentCreate: true,
          callbackPolicy: 'confirm-by-query',
          apiPix: { tokenUrl: sb.tokenUrl, chave: API_PIX_ACCOUNT.chave },
        },
      }).ok,
    ).toBe(true);
    await t.core.credentials.setClientCertificate({
      certPem: sb.pki.client.certPem,
      keyPem: sb.pki.client.keyPem,
    });
    await t.core.start();
    try {
      // The webhook URL the app registers: nginx in front of this terminal's relay channel.
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
      expect(await client.registerWebhook(`${nginx.url}/hooks/${relay.channelId}`)).toEqual({
        ok: true,
        value: true,
      });
      await client.close();
      await payerF.close();

      const c = await t.core.charges.create({ amountCents: 4550, payer });
      if (!c.ok) throw new Error(JSON.stringify(c));
      const txid = txidFor(c.value.externalId);
      await sb.control('POST', `/pay/${txid}`);
      // Delivered through nginx (the PSP's certificate accepted) to the relay…
      await expect
        .poll(async () => (await sb.control('GET', '/webhooks')).body, { timeout: 10_000 })
        .toEqual(expect.arrayContaining([expect.objectContaining({ status: 200 })]));
      // …and the terminal, polling only hourly here, is Pago because the hint asked GET /cob.
      await expect
        .poll(() => t.core.charges.get(c.value.id), { timeout: 15_000 })
        .toMatchObject({ value: { status: 'PAID' } });
    } finally {
      await t.core.stop();
    }
  }, 60_000);

  it.skipIf(!process.env.DBUS_SESSION_BUS_ADDRESS)(
    'Salvar e usar with the API Pix and a relay registers {relay}/hooks/{channel} at the PSP',
    async () => {
      const service = `balcao-test-${randomBytes(6).toString('hex')}`;
      const ca = path.join(nginx.dir, 'psp-ca.pem');
      const host = await startHost(
        ['--api-pix-ca', ca, '--api-pix-host', `${sb.publicName}=${sb.publicAddress}`],
        { BALCAO_DATA_DIR: tempDir(), BALCAO_KEYCHAIN_SERVICE: service },
      );
      try {
        // The relay's public address is the mutual-TLS proxy in front of it.
        const r = await saveApiPix(host, sb, '4826', {
          url: nginx.url,
          channelId: relay.channelId,
          token: relay.token,
          adminToken: '',
        });
        const url = `${nginx.url}/hooks/${relay.channelId}`;
        expect(r).toMatchObject({ ok: true, value: { mode: 'live', webhook: { ok: true, url } } });
        // Kept for Configurações.
        expect(await host.call('onboarding:webhook', {})).toMatchObject({
          ok: true,
          value: { ok: true, url },
        });
        expect(sb.state.webhooks.get(API_PIX_ACCOUNT.chave)?.url).toBe(
          `${nginx.url}/hooks/${relay.channelId}`,
        );
      } finally {
        await host.stop();
        for (const k of [
          'psp.clientId',
          'psp.clientSecret',
          'relay.channelToken',
          'psp.apiPixCert',
          'psp.apiPixKey',
        ])
          await keytar.deletePassword(service, k);
      }
    },
    60_000,
  );
});
