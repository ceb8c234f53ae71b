import { describe, expect, it } from 'vitest';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';

/**
 * Issue 33, Bad input "a 429 on the status read": the bank's rate limit answers the read of a
 * paid charge with 429 and Retry-After: 1 (sandbox fault `readRateLimit`). The sale is not
 * failed, not charged again, the bank is not asked again before Retry-After has passed, and the
 * read after it says Pago. (An earlier version slept past Retry-After itself before asking
 * again, so it passed with the app's back-off removed; here the app's own wait is measured.)
 */
describe('a 429 on the status read', () => {
  const env = apiPixSandboxForFile();
  const reads = () =>
    env.sb.state.requestLog.filter((r) => r.method === 'GET' && r.url.includes('/cob/'));

  it(
    'the sale stays pending (not failed), no second PUT, the bank is left alone for Retry-After, then Pago',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 4321);
      await env.sb.control('PUT', '/faults', { readRateLimit: 1 });
      await env.sb.pay(c.txid);
      const before = reads().length;
      const limited = await t.core.charges.recheck(c.id);
      // A 429 settles nothing: the charge is still pending.
      expect(limited).toMatchObject({ ok: true, value: { status: 'PENDING' } });
      const refused = reads().slice(before);
      expect(refused).toHaveLength(1);
      // The cashier presses "Verificar de novo" at once: the app waits out Retry-After (1 s)
      // before it asks the bank again, and that read says Pago.
      const after = await t.core.charges.recheck(c.id);
      expect(after).toMatchObject({ ok: true, value: { status: 'PAID', amountCents: 4321 } });
      const next = reads().slice(before + 1);
      expect(next).toHaveLength(1);
      expect(next[0]!.at - refused[0]!.at).toBeGreaterThanOrEqual(950);
      expect(env.sb.state.requestLog.filter((r) => r.method === 'PUT')).toHaveLength(1);
    }),
  );
});
