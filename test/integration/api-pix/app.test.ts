import { describe, expect, it } from 'vitest';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';
import { payer } from '../../helpers/core';

describe('the app with an API Pix PSP (mutual TLS sandbox)', () => {
  const env = apiPixSandboxForFile();

  it(
    'charge → verified dynamic QR → pay → the status query alone turns it Pago',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 1234);
      expect(c, JSON.stringify(c)).toMatchObject({
        status: 'PENDING',
        amountCents: 1234,
      });
      expect(c.brcode).toMatch(/^000201010212/);
      expect(env.sb.state.cobs.get(c.txid)?.valorCents).toBe(1234);

      await env.sb.control('POST', `/pay/${c.txid}`);
      const after = await t.core.charges.recheck(c.id);
      expect(after).toMatchObject({ ok: true, value: { status: 'PAID' } });
    }),
  );

  it(
    'a cancel at the counter cancels the charge at the PSP',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 990);
      expect((await t.core.charges.cancel(c.id)).ok).toBe(true);
      await expect
        .poll(() => env.sb.state.cobs.get(c.txid)?.status)
        .toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    }),
  );

  it.each(['tamper', 'wrong-amount'])(
    'a %s JWS at the location: the charge fails with its code and no QR is ever shown',
    onApiPixTerminal(env, async (t, jws: string) => {
      await env.sb.control('PUT', '/faults', { jws });
      const c = await t.core.charges.create({ amountCents: 4321, payer });
      const view = c.ok ? c.value : undefined;
      expect(view?.brcode).toBeUndefined();
      expect(
        t.events.some(
          (e) =>
            e.event === 'charges:updated' &&
            (e.payload as { brcode?: string }).brcode !== undefined,
        ),
      ).toBe(false);
      expect(JSON.stringify(c)).toMatch(/APIPIX_QR_(UNVERIFIED|MISMATCH)/);
    }),
  );
});
