import { describe, expect, it } from 'vitest';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';

/**
 * Issue 33, Bad input "a 429 on the status read": the bank's rate limit answers the read of a
 * paid charge with 429 and Retry-After (sandbox fault `readRateLimit`). The sale is not failed,
 * not charged again, and the next read after the pause says Pago.
 */
describe('a 429 on the status read', () => {
  const env = apiPixSandboxForFile();

  it(
    'the sale stays pending (not failed), no second PUT, and the read after Retry-After says Pago',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 4321);
      await env.sb.control('PUT', '/faults', { readRateLimit: 1 });
      await env.sb.pay(c.txid);
      const limited = await t.core.charges.recheck(c.id);
      // A 429 settles nothing: the charge is still pending, or the read says it was rate-limited.
      if (limited.ok) expect(limited.value.status).toBe('PENDING');
      else expect(limited.code).toBe('PSP_RATE_LIMITED');
      expect(env.sb.state.requestLog.some((r) => r.method === 'GET')).toBe(true);
      await new Promise((r) => setTimeout(r, 1100)); // Retry-After: 1
      const after = await t.core.charges.recheck(c.id);
      expect(after).toMatchObject({ ok: true, value: { status: 'PAID', amountCents: 4321 } });
      expect(env.sb.state.requestLog.filter((r) => r.method === 'PUT')).toHaveLength(1);
    }),
  );
});
