import { describe, expect, it } from 'vitest';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';

/**
 * Issue 33, Deliver 2 (part): a bank whose `GET /cob` lags the payment (bacen/pix-api #321: a
 * cob still `ATIVA` after the PIX left the payer's account) while `GET /pix` already lists it.
 * The status read asks the received-PIX list by txid when the cob still says `ATIVA`.
 */
describe('a bank whose GET /cob lags the payment by 60 s', () => {
  const env = apiPixSandboxForFile();

  it(
    'the first look after the payment says Pago, from GET /pix?txid=, with the amount paid',
    onApiPixTerminal(env, async (t) => {
      await env.sb.control('PUT', '/faults', { cobLagMs: 60_000 });
      const c = await apiPixCharge(t, 3210);
      await env.sb.pay(c.txid);
      // The lag is real: the cob alone still says ATIVA.
      const cob = await t.core.charges.recheck(c.id);
      expect(cob).toMatchObject({ ok: true, value: { status: 'PAID', amountCents: 3210 } });
      expect(
        env.sb.state.requestLog.some(
          (r) => r.method === 'GET' && r.url.startsWith('/v2/pix?') && r.url.includes(c.txid),
        ),
      ).toBe(true);
    }),
  );

  it(
    'nothing in the list: the charge stays pending (the cob’s word stands)',
    onApiPixTerminal(env, async (t) => {
      await env.sb.control('PUT', '/faults', { cobLagMs: 60_000 });
      const c = await apiPixCharge(t, 1111);
      const r = await t.core.charges.recheck(c.id);
      expect(r).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    }),
  );
});
