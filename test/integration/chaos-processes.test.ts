import { describe, expect, it } from 'vitest';
import { runProcessChaos } from '../helpers/chaos-processes';

// Issue 21, item 6 (short run, every part in its own process): 15 sales under PSP faults while
// the relay and the app are each killed with SIGKILL once and restarted on the same store and
// data directory; payers pay while each is down. After recovery the books balance, nothing is
// left uncertain, and what was paid meanwhile shows `Pago` — with and without a status query
// (without one, only the relay's stored callbacks and the app's resume from its cursor can
// bring those payments in).
describe('chaos, short run with relay and app killed', () => {
  it.each([
    [false, 2],
    [true, 2],
  ])(
    'status query %s, seed %i: payments made while relay or app was down show Pago',
    async (statusQuery, seed) => {
      const r = await runProcessChaos({
        seed,
        charges: 15,
        statusQuery,
        relayKills: 1,
        appKills: 1,
      });
      expect({ violations: r.violations, callbacks: r.callbacksOfMissing }).toEqual({
        violations: [],
        callbacks: [],
      });
      expect(r.uncertainLeft).toBe(0);
      expect([r.relayKills, r.appKills]).toEqual([1, 1]);
      expect(r.paidWhileRelayDown + r.paidWhileAppDown).toBeGreaterThan(0);
      expect(r.paidHere).toBe(r.paidAtPsp);
    },
    90_000,
  );
});
