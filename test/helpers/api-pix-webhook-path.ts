import { afterAll, beforeAll, expect } from 'vitest';
import { startDemoRelay } from '../../electron/main/demo';
import { ApiPixClient } from '../../electron/services/psp/api-pix/client';
import { payerFetch } from '../../electron/services/psp/api-pix/tls';
import { pspSettingsSchema } from '../../shared/psp-settings';
import { API_PIX_ACCOUNT, apiPixSandbox } from './api-pix';
import { tempDir } from './core';
import { startNginx, type Nginx } from './nginx';
import { startRelayedTerminal } from './api-pix-relayed';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

/**
 * The whole webhook path of a shop, for the tests of a file: the API Pix sandbox, the relay, and
 * the README's mutual-TLS nginx in front of it (docs/nginx-api-pix-webhook.conf). Started before,
 * closed after. `hookUrl` is what Salvar e usar registers at the bank.
 */
export function apiPixWebhookPath(options: Parameters<typeof apiPixSandbox>[0] = {}) {
  const env = {} as {
    sb: Sb;
    relay: Awaited<ReturnType<typeof startDemoRelay>>;
    nginx: Nginx;
    hookUrl: string;
  };
  beforeAll(async () => {
    env.sb = await apiPixSandbox(options);
    env.relay = await startDemoRelay(tempDir());
    env.nginx = await startNginx(env.sb.pki, env.relay.relay.url);
    env.hookUrl = `${env.nginx.url}/hooks/${env.relay.channelId}`;
  }, 60_000);
  afterAll(async () => {
    env.nginx?.child.kill('SIGTERM');
    await env.relay?.relay.close();
    await env.sb?.close();
  });
  return env;
}

/** The app's own API Pix client registers `url` at the bank, as Salvar e usar does. */
export async function registerWebhook(sb: Sb, url: string) {
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
}

/**
 * A started API Pix terminal reading its relay channel (webhooks as hints confirmed by
 * `GET /cob`), its certificate set, connected. The caller stops it.
 */
export async function relayedApiPixTerminal(env: ReturnType<typeof apiPixWebhookPath>) {
  const { sb, relay } = env;
  const t = await startRelayedTerminal(sb, relay);
  await expect.poll(() => t.core.connection().state, { timeout: 10_000 }).toBe('connected');
  return t;
}

/** The outcomes the terminal recorded for the callbacks it took, oldest first. */
export const callbackOutcomes = (t: Awaited<ReturnType<typeof relayedApiPixTerminal>>) =>
  (
    t.core.ledger.db
      .prepare('SELECT outcome FROM callback_events ORDER BY received_at')
      .all() as Array<{ outcome: string }>
  ).map((o) => o.outcome);
