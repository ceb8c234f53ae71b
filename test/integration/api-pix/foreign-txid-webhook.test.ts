import { describe, expect, it } from 'vitest';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { API_PIX_ACCOUNT, rawMtls } from '../../helpers/api-pix';
import {
  apiPixWebhookPath,
  callbackOutcomes,
  registerWebhook,
  relayedApiPixTerminal,
} from '../../helpers/api-pix-webhook-path';
import { payer } from '../../helpers/core';
import { NGINX } from '../../helpers/nginx';

/**
 * Issue 33, Bad input "a webhook naming a txid of another shop": the bank posts, with its own
 * certificate, through the shop's mutual-TLS nginx and the relay, a PIX of the same amount as the
 * sale at the counter but under a txid this terminal never created (another shop's charge). It
 * is refused and counted as a refused payment notice (its own reason, apart from registration
 * probes), the sale at the counter does not turn Pago, and its own payment still does.
 */
describe.skipIf(!NGINX)('a webhook naming a txid of another shop', () => {
  const env = apiPixWebhookPath();

  it('refused, counted as CALLBACK_UNKNOWN_ID; the pending sale of the same amount stays pending; its own PIX turns it Pago', async () => {
    const t = await relayedApiPixTerminal(env);
    const raw = rawMtls(env.sb, env.sb.pki);
    try {
      expect(await registerWebhook(env.sb, env.hookUrl)).toEqual({ ok: true, value: true });
      const sale = await t.core.charges.create({ amountCents: 3700, payer });
      if (!sale.ok) throw new Error(JSON.stringify(sale));
      expect(sale.value.status).toBe('PENDING');

      // Another shop's cob at the same bank, same amount, paid: its notice comes to our URL.
      const foreign = 'outraloja' + 'x'.repeat(20);
      const token = await raw.token();
      const put = await raw.call('PUT', `/cob/${foreign}`, {
        body: { valor: { original: '37.00' }, chave: API_PIX_ACCOUNT.chave },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(put.status).toBe(201);
      await env.sb.pay(foreign);
      expect(env.sb.state.webhookLog.at(-1)).toMatchObject({ status: 200 });

      await expect.poll(() => callbackOutcomes(t), { timeout: 10_000 }).toEqual(['unknown-charge']);
      expect(t.core.refusals.today()).toMatchObject({ count: 1, reason: 'CALLBACK_UNKNOWN_ID' });
      expect(t.core.charges.get(sale.value.id)).toMatchObject({ value: { status: 'PENDING' } });
      // Nothing asked about the foreign txid: the notice was not taken as a hint for our sale.
      expect(
        env.sb.state.requestLog.some((r) => r.method === 'GET' && r.url.includes(foreign)),
      ).toBe(false);

      // The sale's own payment: Pago, one PUT for it.
      const txid = txidFor(sale.value.externalId);
      await env.sb.pay(txid);
      await expect
        .poll(() => t.core.charges.get(sale.value.id), { timeout: 15_000 })
        .toMatchObject({ value: { status: 'PAID', amountCents: 3700 } });
      expect(
        env.sb.state.requestLog.filter((r) => r.method === 'PUT' && r.url.includes(txid)),
      ).toHaveLength(1);
      expect(t.core.refusals.today().count).toBe(1);
    } finally {
      await raw.close();
      await t.core.stop();
    }
  }, 60_000);
});
