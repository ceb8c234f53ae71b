import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { apiPixSandbox } from '../../helpers/api-pix';
import { apiPixTerminal } from '../../helpers/api-pix-terminal';
import { payer } from '../../helpers/core';
import { startTcpDoor } from '../../helpers/tcp-door';

/**
 * Issue 33, Bad input "a bank truly down mid-sale": when the bank answers again (here: the
 * cashier's next sale is the first call that goes through), a sale paid while it could not be
 * asked reaches Pago then, not at the reconciler's next back-off step (a minute here; up to 60 s
 * with the API Pix safety net). Its cob was created once. The app reaches the sandbox through a
 * door that refuses connections while shut (test/helpers/tcp-door.ts).
 */
describe('an API Pix bank back after an outage', () => {
  let sb: Awaited<ReturnType<typeof apiPixSandbox>>;
  let door: Awaited<ReturnType<typeof startTcpDoor>>;
  beforeAll(async () => {
    sb = await apiPixSandbox();
    door = await startTcpDoor({ host: '127.0.0.1', port: Number(new URL(sb.baseUrl).port) });
  }, 60_000);
  afterAll(async () => {
    await door?.close();
    await sb?.close();
  });
  const through = (u: string) => {
    const url = new URL(u);
    url.port = String(door.port);
    return url.toString().replace(/\/$/, '');
  };

  it('the sale paid during the outage turns Pago as soon as the bank answers again; one PUT', async () => {
    const t = await apiPixTerminal(
      { ...sb, baseUrl: through(sb.baseUrl), tokenUrl: through(sb.tokenUrl) },
      { reconcileBackoffMs: [60_000] },
    );
    try {
      await t.core.start();
      await expect.poll(() => t.core.connection().psp, { timeout: 10_000 }).toBe('reachable');
      const a = await t.core.charges.create({ amountCents: 4040, payer });
      if (!a.ok) throw new Error(JSON.stringify(a));
      expect(a.value.status).toBe('PENDING');

      await door.shut();
      await sb.pay(txidFor(a.value.externalId));
      // The app's look while the bank is down fails: the line says so, the sale stays pending.
      await t.core.reconciler.run();
      await expect.poll(() => t.core.connection().psp, { timeout: 10_000 }).toBe('unreachable');
      expect(t.core.charges.get(a.value.id)).toMatchObject({ value: { status: 'PENDING' } });

      await door.open();
      // The cashier's next sale is the first call through: the bank answers again.
      const b = await t.core.charges.create({ amountCents: 4141, payer });
      expect(b.ok && b.value.status, JSON.stringify(b)).toBe('PENDING');
      expect(t.core.connection().psp).toBe('reachable');
      await expect
        .poll(() => t.core.charges.get(a.value.id), { timeout: 10_000 })
        .toMatchObject({ value: { status: 'PAID', amountCents: 4040 } });
      const txid = txidFor(a.value.externalId);
      expect(
        sb.state.requestLog.filter((r) => r.method === 'PUT' && r.url.includes(txid)),
      ).toHaveLength(1);
    } finally {
      await t.core.stop();
    }
  }, 60_000);
});
