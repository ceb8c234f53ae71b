import https from 'node:https';
import { describe, expect, it } from 'vitest';
import {
  apiPixWebhookPath,
  callbackOutcomes,
  registerWebhook,
  relayedApiPixTerminal,
} from '../../helpers/api-pix-webhook-path';
import { listenOnLoopback } from '../../helpers/loopback';
import { NGINX } from '../../helpers/nginx';

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
  const env = apiPixWebhookPath({ profile: 'efi', registrationProbe: true });

  it('behind the mutual-TLS proxy: registered; the probe reaches the terminal as a probe, no refusal counted', async () => {
    const t = await relayedApiPixTerminal(env);
    try {
      expect(await registerWebhook(env.sb, env.hookUrl)).toEqual({ ok: true, value: true });
      // The two requests, as Efí's page describes them: refused without certificate, then taken.
      const probes = env.sb.state.webhookLog.filter((w) => w.probe);
      expect(probes.map((p) => [p.probe, p.url, p.status])).toEqual([
        ['no-certificate', env.hookUrl, 403],
        ['test-notification', env.hookUrl, 200],
      ]);
      await expect
        .poll(() => callbackOutcomes(t), { timeout: 10_000 })
        .toEqual(['registration-probe']);
      expect(t.core.refusals.today().count).toBe(0);
      expect(t.core.info().refusalsToday?.count ?? 0).toBe(0);
    } finally {
      await t.core.stop();
    }
  }, 60_000);

  it('a URL that takes a request without certificate is not registered (Efí refuses it)', async () => {
    env.sb.state.webhooks.clear();
    // HTTPS without mutual TLS: answers 200 to anyone.
    const open = https.createServer(
      { cert: env.sb.pki.server.certPem, key: env.sb.pki.server.keyPem },
      (_req, res) => res.writeHead(200).end('200'),
    );
    const { port, close } = await listenOnLoopback(open);
    try {
      const r = await registerWebhook(env.sb, `https://127.0.0.1:${port}/webhook`);
      expect(r).toMatchObject({ ok: false, params: { pspError: 'webhook_invalido' } });
      expect(JSON.stringify(r)).toMatch(/sem certificado/);
      expect(env.sb.state.webhooks.size).toBe(0);
    } finally {
      await close();
    }
  });
});
