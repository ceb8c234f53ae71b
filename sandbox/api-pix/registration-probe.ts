import { Agent, fetch } from 'undici';
import type { Issued } from './pki';
import type { ApiPixState } from './state';

/** The test notification's body as integrators read it (docs/api-pix.md, [integrators]). */
export const TEST_NOTIFICATION = { evento: 'teste_webhook' } as const;

/**
 * Efí's check of a webhook URL at registration ([efi-webhook], docs/api-pix.md "Webhook"): two
 * requests to the URL as registered (no `/pix` suffix). First one **without** a client
 * certificate, which the receiver must refuse (a TLS refusal or any non-2xx); then the test
 * notification with the PSP's certificate, which must be answered 2xx. The registration stands
 * only when both go as Efí says. Both attempts are logged with `probe` set.
 * Assumptions: the first request carries the same body; any 2xx counts as accepted.
 */
export async function probeWebhookUrl(
  state: ApiPixState,
  client: Issued,
  ca: string | undefined,
  url: string,
): Promise<{ ok: true } | { ok: false; why: string }> {
  const noCert = await post(state, url, { ...(ca && { ca }) }, 'no-certificate');
  if (typeof noCert === 'number' && noCert >= 200 && noCert < 300)
    return { ok: false, why: 'o servidor aceitou uma requisição sem certificado (mTLS ausente)' };
  const withCert = await post(
    state,
    url,
    { cert: client.certPem, key: client.keyPem, ...(ca && { ca }) },
    'test-notification',
  );
  if (typeof withCert === 'number' && withCert >= 200 && withCert < 300) return { ok: true };
  return { ok: false, why: `a notificação de teste não foi aceita (${withCert})` };
}

async function post(
  state: ApiPixState,
  url: string,
  connect: { ca?: string; cert?: string; key?: string },
  probe: 'no-certificate' | 'test-notification',
): Promise<number | string> {
  const dispatcher = new Agent({ connect });
  const at = Date.now();
  let status: number | string;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_NOTIFICATION),
      dispatcher,
      signal: AbortSignal.timeout(5_000),
    });
    await res.body?.cancel().catch(() => {});
    status = res.status;
  } catch (e) {
    const c = e as { cause?: { code?: string }; code?: string };
    status = c.cause?.code ?? c.code ?? String(e);
  } finally {
    await dispatcher.close().catch(() => {});
  }
  state.webhookLog.push({ url, status, body: TEST_NOTIFICATION, at, probe });
  return status;
}
