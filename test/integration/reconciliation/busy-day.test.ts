// A busy day (issue 35's "memory per open charge" review): the safety net asks about every charge
// closed here within the payable window, however many were rung after it. It read them through
// `list`, whose 500 newest left the morning's canceled or expired charges unasked: a payer who
// paid a canceled QR late in the morning was found only if the PSP's callback came.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeRecord } from '../../../electron/services/ledger/charges-repo';
import { coreOn, payer } from '../../helpers/core';
import { sandbox, type TestSandbox } from '../../helpers/sandbox';
import { stopAll } from '../../helpers/stop-all';

let sb: TestSandbox;
let t: Awaited<ReturnType<typeof coreOn>>;
afterEach(() => stopAll(t?.core, sb));

describe('the safety net on a busy day', () => {
  it("the morning's charge canceled here is still asked about after 600 later ones", async () => {
    sb = await sandbox();
    t = await coreOn(sb.baseUrl);
    const morning = await t.core.charges.create({ amountCents: 4_400, payer });
    if (!morning.ok) throw new Error(morning.message);
    expect(t.core.charges.cancel(morning.value.id).ok).toBe(true);
    const base = t.core.charges.record(morning.value.id)!.createdAt;
    // 600 more sales closed here after it (written as the ledger holds them).
    for (let i = 0; i < 600; i++) {
      const c = {
        ...t.core.charges.record(morning.value.id)!,
        id: `later-${i}`,
        externalId: `later-ext-${i}`,
        pspTransactionId: `later-tx-${i}`,
        status: i % 2 ? 'CANCELED' : 'EXPIRED',
        flags: [i % 2 ? 'LOCAL_CANCEL' : 'LOCAL_EXPIRY'],
        createdAt: base + 1_000 + i,
        updatedAt: base + 1_000 + i,
      } as ChargeRecord;
      t.core.ledger.charges.insert(c, { to: c.status, source: 'test', at: c.createdAt });
    }
    const asked = t.core.reconciler.candidates().map((c) => c.id);
    expect(asked).toHaveLength(601);
    expect(asked).toContain(morning.value.id);
    // A charge already found paid late is not asked again.
    const paidLate = { ...t.core.charges.record('later-0')!, id: 'late', externalId: 'late-ext' };
    t.core.ledger.charges.insert(
      { ...paidLate, flags: ['LOCAL_EXPIRY', 'LATE_PAYMENT'], status: 'EXPIRED' },
      { to: 'EXPIRED', source: 'test', at: paidLate.createdAt },
    );
    expect(t.core.reconciler.candidates().map((c) => c.id)).not.toContain('late');
  });
});
