import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoRelay } from '../../../electron/main/demo';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { apiPixSandbox } from '../../helpers/api-pix';
import { startRelayedTerminal } from '../../helpers/api-pix-relayed';
import { payer, tempDir } from '../../helpers/core';

/**
 * Issue 33, Deliver 2 (part): with the relay up, a pending API Pix charge is also looked at within
 * seconds of its payment, not only after 15 s: a webhook that comes late (here: none is
 * registered, so none comes) does not make the payer wait while the bank already has the PIX.
 * The counter sweep (received-pix.ts) reads `GET /pix` for every pending charge at once; the
 * test calls one sweep instead of waiting for its 2 s timer.
 */
describe('a pending API Pix charge while the relay is up', () => {
  let sb: Awaited<ReturnType<typeof apiPixSandbox>>;
  let relay: Awaited<ReturnType<typeof startDemoRelay>>;
  beforeAll(async () => {
    sb = await apiPixSandbox();
    relay = await startDemoRelay(tempDir());
  }, 60_000);
  afterAll(async () => {
    await relay?.relay.close();
    await sb?.close();
  });

  it('is found by the counter sweep: Pago without a webhook, by GET /pix alone (no GET /cob)', async () => {
    const t = await startRelayedTerminal(sb, relay);
    try {
      await expect.poll(() => t.core.connection().state, { timeout: 10_000 }).toBe('connected');
      const c = await t.core.charges.create({ amountCents: 2020, payer });
      if (!c.ok) throw new Error(JSON.stringify(c));
      expect(c.value.status).toBe('PENDING');
      const txid = txidFor(c.value.externalId);
      await sb.pay(txid);
      const before = sb.state.requestLog.length;
      // A sweep already under way when the PIX landed may miss it: the next one finds it.
      await expect
        .poll(async () => {
          await t.core.receivedPix.sweep();
          return t.core.charges.get(c.value.id);
        })
        .toMatchObject({ value: { status: 'PAID', amountCents: 2020 } });
      const asked = sb.state.requestLog.slice(before).map((r) => `${r.method} ${r.url}`);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((a) => a.startsWith('GET /v2/pix?'))).toBe(true);
    } finally {
      await t.core.stop();
    }
  }, 60_000);
});
