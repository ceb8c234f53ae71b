import { describe, expect, it } from 'vitest';
import { rawMtls } from '../../helpers/api-pix';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';

/**
 * Issue 33, Bad input "a bank that refuses the probe's TLS but answers the real client": the
 * sandbox, as every API Pix bank, refuses at the handshake any client without the shop's
 * certificate (the old idle probe: a bare `HEAD` through the global fetch). The Conexão line is
 * read from the idle probe that goes the real calls' way and from the real calls: it says
 * "reachable" from the start, through a whole sale, and the sale reaches Pago.
 */
describe('a bank that refuses a probe without the certificate but answers the real client', () => {
  const env = apiPixSandboxForFile();

  it('the bank refuses a client without the certificate at the handshake (the premise)', async () => {
    const bare = rawMtls(env.sb, env.sb.pki, null);
    try {
      await expect(bare.call('HEAD', '/')).rejects.toThrow();
    } finally {
      await bare.close();
    }
  });

  it(
    'the Conexão line stays "reachable" from the first idle probe through the sale, which reaches Pago',
    onApiPixTerminal(env, async (t) => {
      const seen: string[] = [];
      const track = () => {
        const s = t.core.connection().psp ?? 'unknown';
        if (seen.at(-1) !== s) seen.push(s);
      };
      await t.core.start();
      // Before any sale: only the idle probe has spoken to the bank.
      expect(env.sb.state.requestLog.filter((r) => r.method !== 'HEAD')).toHaveLength(0);
      await expect
        .poll(() => (track(), t.core.connection().psp), { timeout: 10_000 })
        .toBe('reachable');
      const c = await apiPixCharge(t, 1250);
      track();
      expect(c.status).toBe('PENDING');
      await env.sb.pay(c.txid);
      const after = await t.core.charges.recheck(c.id);
      track();
      expect(after).toMatchObject({ ok: true, value: { status: 'PAID', amountCents: 1250 } });
      expect(seen.filter((s) => s !== 'unknown')).toEqual(['reachable']);
      expect(t.events.some((e) => (e.payload as { psp?: string })?.psp === 'unreachable')).toBe(
        false,
      );
    }),
  );
});
