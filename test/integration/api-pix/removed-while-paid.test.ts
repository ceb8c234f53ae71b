import { describe, expect, it } from 'vitest';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';

/**
 * Issue 33, Bad input "a cob removed by the PSP while paid" (bacen/pix-api #324): the PIX lands
 * while the bank removes the cob, so `GET /cob` reads `REMOVIDA_PELO_PSP` (no `pix`) and
 * `GET /pix` lists the payment (sandbox fault `removedWhilePaid`). The money is in: the payment
 * wins, the sale is Pago, not "removida", and nothing is created again.
 */
describe('a cob removed by the PSP while paid', () => {
  const env = apiPixSandboxForFile();

  it(
    'the received PIX wins: Pago with the amount paid, one PUT',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 1990);
      await env.sb.control('PUT', '/faults', { removedWhilePaid: true });
      await env.sb.pay(c.txid);
      expect(env.sb.state.cobs.get(c.txid)?.status).toBe('REMOVIDA_PELO_PSP');
      const after = await t.core.charges.recheck(c.id);
      expect(after).toMatchObject({ ok: true, value: { status: 'PAID', amountCents: 1990 } });
      const log = env.sb.state.requestLog;
      expect(log.some((r) => r.method === 'GET' && r.url.includes(`/pix?`))).toBe(true);
      expect(log.filter((r) => r.method === 'PUT')).toHaveLength(1);
    }),
  );

  it(
    'the cashier cancelled, and the PIX already in transit lands (#324 itself): Pago, as a late payment',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 1992);
      expect(t.core.charges.cancel(c.id)).toMatchObject({
        ok: true,
        value: { status: 'CANCELED' },
      });
      await expect
        .poll(() => env.sb.state.cobs.get(c.txid)?.status)
        .toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      await env.sb.control('PUT', '/faults', { removedWhilePaid: true });
      await env.sb.pay(c.txid);
      await t.core.reconciler.run();
      expect(t.core.charges.get(c.id)).toMatchObject({
        value: { status: 'PAID', amountCents: 1992, paidAfter: 'CANCELED' },
      });
    }),
  );

  it(
    'a cob removed and not paid stays removed (the list is empty): not Pago',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 1991);
      env.sb.state.cobs.get(c.txid)!.status = 'REMOVIDA_PELO_PSP';
      const after = await t.core.charges.recheck(c.id);
      expect(after).toMatchObject({ ok: true, value: { status: 'CANCELED' } });
    }),
  );
});
