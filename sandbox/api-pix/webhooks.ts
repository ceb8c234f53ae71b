import { Agent, fetch } from 'undici';
import type { Issued } from './pki';
import type { ApiPixState, ReceivedPix } from './state';
import { pixJson } from './wire';

/**
 * Posts `{pix: [...]}` to `{webhookUrl}/pix` ([spec] callbacks.listaPix), presenting the PSP's
 * own client certificate (mutual TLS, as the spec asks). `ca` is whom the sandbox trusts for the
 * receiver's server certificate (the system's roots when absent). Each attempt is logged.
 */
export async function deliverPix(
  state: ApiPixState,
  client: Issued,
  ca: string | undefined,
  pix: ReceivedPix,
): Promise<void> {
  const hook = state.webhooks.get(pix.chave);
  if (!hook || !pix.txid) return; // only PIX with a txid are notified
  const url = `${hook.url.replace(/\/+$/, '')}/pix`;
  const body = { pix: [pixJson(pix)] };
  const dispatcher = new Agent({
    connect: { cert: client.certPem, key: client.keyPem, ...(ca && { ca }) },
  });
  const sentAt = Date.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher,
      signal: AbortSignal.timeout(5_000),
    });
    await res.body?.cancel().catch(() => {});
    state.webhookLog.push({ url, status: res.status, body, at: sentAt });
  } catch (e) {
    const c = e as { cause?: { code?: string }; code?: string };
    state.webhookLog.push({
      url,
      status: c.cause?.code ?? c.code ?? String(e),
      body,
      at: sentAt,
    });
  } finally {
    await dispatcher.close().catch(() => {});
  }
}
