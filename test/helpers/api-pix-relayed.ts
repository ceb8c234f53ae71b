import type { AppCoreOptions } from '../../electron/services/core/app-core-types';
import { startDemoRelay } from '../../electron/main/demo';
import { txidFor } from '../../electron/services/psp/api-pix/client';
import { MemorySecretStore } from '../../electron/services/secrets/secret-store';
import type { ApiPixProfileId } from '../../sandbox/api-pix/profiles';
import type { ApiPixFaults } from '../../sandbox/api-pix/state';
import type { ChargeView } from '../../shared/views';
import { API_PIX_ACCOUNT, apiPixSandbox } from './api-pix';
import { coreOn, payer, tempDir } from './core';

/**
 * An API Pix terminal as a shop runs it (issue 33's timing path): the sandbox's webhook posted to
 * the relay, the relay's stream to the terminal, `confirm-by-query` (the webhook is a hint), and
 * the terminal's own timers (reconciliation each second, the counter sweep) — no test moves a
 * clock or calls a pass. No vitest here: the benchmarks use it too.
 *
 * Shortcut: the webhook is registered straight in the sandbox's state at the relay's plain-HTTP
 * address, without the mutual-TLS proxy a shop puts in front (that proxy is tested in
 * webhook-nginx.test.ts); the PSP's registration refuses a non-https URL.
 */
export async function relayedApiPix(
  faults: ApiPixFaults = {},
  o: Partial<AppCoreOptions> = {},
  /** Which bank the sandbox follows where banks differ (sandbox/api-pix/profiles.ts). */
  profile: ApiPixProfileId = 'spec',
) {
  const sb = await apiPixSandbox({ profile });
  const relay = await startDemoRelay(tempDir());
  sb.state.webhooks.set(API_PIX_ACCOUNT.chave, {
    url: `${relay.relay.url}/hooks/${relay.channelId}`,
    criacao: sb.state.iso(),
  });
  const t = await startRelayedTerminal(sb, relay, {
    // The app's own schedule (coreOn's default is hourly, for tests that drive it by hand).
    tickMs: 1_000,
    pollMs: 3_000,
    ...o,
  });
  await until(() => t.core.connection().state === 'connected', 15_000, 'the relay stream');
  await sb.control('PUT', '/faults', faults);

  /** A sale of `cents`: its QR, then the payer pays after `payAfterMs`. */
  const sale = async (cents: number, payAfterMs = 0) => {
    const c = await t.core.charges.create({ amountCents: cents, payer });
    if (!c.ok) throw new Error(JSON.stringify(c));
    if (c.value.status !== 'PENDING') throw new Error(`not pending: ${c.value.status}`);
    await sleep(payAfterMs);
    const paidAt = performance.now();
    await sb.pay(txidFor(c.value.externalId));
    return { charge: c.value, paidAt };
  };

  /** Milliseconds from `paidAt` to the `charges:updated` event that says Pago (what a screen gets). */
  const pagoAfter = async (id: string, paidAt: number, timeoutMs: number) => {
    let seen = 0;
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      for (; seen < t.events.length; seen++) {
        const e = t.events[seen]!;
        const v = e.payload as ChargeView;
        if (e.event === 'charges:updated' && v.id === id && v.status === 'PAID')
          return { ms: performance.now() - paidAt, view: v };
      }
      if (performance.now() > deadline) return null;
      await sleep(10);
    }
  };

  return {
    sb,
    t,
    /** Where the PSP posts: `{hookUrl}/pix` (the relay's channel, no proxy in front here). */
    hookUrl: `${relay.relay.url}/hooks/${relay.channelId}`,
    sale,
    pagoAfter,
    async close() {
      await t.core.stop();
      await relay.relay.close();
      await sb.close();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

/**
 * An API Pix terminal on `sb` reading `relay`'s channel (`confirm-by-query`: webhooks are hints),
 * its client certificate set, started. The caller waits for the connection and stops it.
 */
export async function startRelayedTerminal(
  sb: Awaited<ReturnType<typeof apiPixSandbox>>,
  relay: Awaited<ReturnType<typeof startDemoRelay>>,
  o: Partial<AppCoreOptions> = {},
) {
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
    ...o,
  });
  const set = t.core.settings.update({
    psp: {
      kind: 'api-pix',
      callbackPolicy: 'confirm-by-query',
      apiPix: { tokenUrl: sb.tokenUrl, chave: API_PIX_ACCOUNT.chave },
    },
  });
  if (!set.ok) throw new Error(JSON.stringify(set));
  await t.core.credentials.setClientCertificate({
    certPem: sb.pki.client.certPem,
    keyPem: sb.pki.client.keyPem,
  });
  await t.core.start();
  return t;
}
