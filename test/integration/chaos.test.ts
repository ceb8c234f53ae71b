import { describe, expect, it } from 'vitest';
import { runChaos } from '../helpers/chaos';

// Issue 21, item 6 (short run): random PSP faults on creates, payers paying, paying twice, late
// after a cancel; after recovery no invariant breaks, with and without a status query.
describe('chaos, short run', () => {
  it.each([true, false])(
    'status query %s: the books balance',
    async (statusQuery) => {
      const r = await runChaos({ seed: 21, charges: 25, statusQuery });
      expect(r.violations).toEqual([]);
      expect(r.paidAtPsp).toBeGreaterThan(0);
    },
    120_000,
  );
});
