import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { apiPixSandbox } from '../../helpers/api-pix';
import { apiPixTerminal } from '../../helpers/api-pix-terminal';
import { payer } from '../../helpers/core';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

/** A terminal whose PSP kind is `api-pix` (test/helpers/api-pix-terminal.ts). */
const terminal = (sb: Sb) => apiPixTerminal(sb);

describe('the app with an API Pix PSP (mutual TLS sandbox)', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await apiPixSandbox();
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('charge → verified dynamic QR → pay → the status query alone turns it Pago', async () => {
    const t = await terminal(sb);
    const c = await t.core.charges.create({ amountCents: 1234, payer });
    if (!c.ok) throw new Error(JSON.stringify(c));
    expect(c.value, JSON.stringify(c.value)).toMatchObject({
      status: 'PENDING',
      amountCents: 1234,
    });
    expect(c.value.brcode).toMatch(/^000201010212/);
    const txid = txidFor(c.value.externalId);
    expect(sb.state.cobs.get(txid)?.valorCents).toBe(1234);

    await sb.control('POST', `/pay/${txid}`);
    const after = await t.core.charges.recheck(c.value.id);
    expect(after).toMatchObject({ ok: true, value: { status: 'PAID' } });
    await t.core.stop();
  });

  it('a cancel at the counter cancels the charge at the PSP', async () => {
    const t = await terminal(sb);
    const c = await t.core.charges.create({ amountCents: 990, payer });
    if (!c.ok) throw new Error(JSON.stringify(c));
    expect((await t.core.charges.cancel(c.value.id)).ok).toBe(true);
    const txid = txidFor(c.value.externalId);
    await expect
      .poll(() => sb.state.cobs.get(txid)?.status)
      .toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await t.core.stop();
  });

  it.each(['tamper', 'wrong-amount'])(
    'a %s JWS at the location: the charge fails with its code and no QR is ever shown',
    async (jws) => {
      const t = await terminal(sb);
      await sb.control('PUT', '/faults', { jws });
      try {
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
      } finally {
        await sb.control('PUT', '/faults', {});
        await t.core.stop();
      }
    },
  );
});
