import { describe, expect, it } from 'vitest';
import { apiPixSandbox } from '../../helpers/api-pix';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';
import { apiPixTerminal } from '../../helpers/api-pix-terminal';
import { payer } from '../../helpers/core';

/**
 * Issue 33, Deliver 1: the PSP's reachability at an API Pix bank comes from the calls the app
 * really makes (mutual TLS, the shop's certificate), and the idle probe goes the same way. The
 * sandbox refuses any client without the certificate at the handshake, as every API Pix bank does.
 */
describe('the Conexão line with an API Pix bank', () => {
  const env = apiPixSandboxForFile();

  it(
    'the idle probe and the real calls say "reachable" while the bank answers them',
    onApiPixTerminal(env, async (t) => {
      await t.core.start();
      await expect.poll(() => t.core.connection().psp, { timeout: 10_000 }).toBe('reachable');
      const c = await apiPixCharge(t, 555);
      expect(c.status).toBe('PENDING');
      expect(t.core.connection().psp).toBe('reachable');
      // Every API call (token, PUT /cob) went through the watched fetch: none was seen failing.
      expect(t.events.some((e) => (e.payload as { psp?: string })?.psp === 'unreachable')).toBe(
        false,
      );
    }),
  );

  it('a bank truly down mid-sale turns it "unreachable"; back up, "reachable" again', async () => {
    const sb = await apiPixSandbox({ pki: env.sb.pki });
    const t = await apiPixTerminal(sb);
    try {
      await t.core.start();
      await expect.poll(() => t.core.connection().psp, { timeout: 10_000 }).toBe('reachable');
      const port = Number(new URL(sb.baseUrl).port);
      const publicPort = Number(sb.publicAddress.split(':')[1]);
      await sb.close();
      const c = await t.core.charges.create({ amountCents: 700, payer });
      expect(c.ok && c.value.status).not.toBe('PENDING');
      await expect.poll(() => t.core.connection().psp, { timeout: 10_000 }).toBe('unreachable');
      // The bank comes back at the same address: the next sale says so.
      const again = await apiPixSandbox({ pki: env.sb.pki, port, publicPort });
      try {
        const next = await t.core.charges.create({ amountCents: 701, payer });
        expect(next.ok && next.value.status, JSON.stringify(next)).toBe('PENDING');
        expect(t.core.connection().psp).toBe('reachable');
      } finally {
        await again.close();
      }
    } finally {
      await t.core.stop();
    }
  });
});
