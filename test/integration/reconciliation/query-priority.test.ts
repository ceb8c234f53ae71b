import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreOn, payer } from '../../helpers/core';
import { sandbox, waitFor, type TestSandbox } from '../../helpers/sandbox';

// Issue 21, item 4: the status-query budget has priorities. A charge with a customer at the
// counter (uncertain) is answered at once while routine reconciliation of 100 canceled charges
// has spent everything it may of the minute's budget.
let sb: TestSandbox;
let t: Awaited<ReturnType<typeof coreOn>>;

beforeAll(async () => {
  sb = await sandbox();
  t = await coreOn(sb.baseUrl);
  expect(
    t.core.settings.update({ psp: { requestTimeoutMs: 800, statusQuery: { perMinute: 20 } } }).ok,
  ).toBe(true);
});
afterAll(async () => {
  await t.core.stop();
  await sb.close();
});

describe('status-query priority', () => {
  it('an uncertain charge is answered first with 100 canceled charges waiting', async () => {
    for (let i = 0; i < 100; i++) {
      const r = await t.core.charges.create({ amountCents: 100 + i, payer });
      if (!r.ok) throw new Error(r.message);
      t.core.charges.cancel(r.value.id);
    }
    // Routine reconciliation of the canceled ones (still payable: a late payment) spends the budget.
    const asked = await t.core.reconciler.run();
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThan(100);
    expect(t.core.statusBudget.available()).toBeLessThan(20);

    // Now a customer at the counter: the create's answer is lost, the charge is uncertain.
    await sb.control('POST', '/faults', { route: 'POST /payments/deposit', kind: 'timeout' });
    const c = await t.core.charges.create({ amountCents: 5322, payer });
    expect(c.ok && c.value.status).toBe('UNCERTAIN');
    const id = c.ok ? c.value.id : '';
    // Routine work keeps asking meanwhile; the counter's question still goes first.
    void t.core.reconciler.run();
    const done = await waitFor(() => {
      const r = t.core.charges.get(id);
      return r.ok && r.value.status === 'PENDING' ? r.value : undefined;
    }, 8_000);
    expect(done.brcode).toMatch(/^000201/);
  });
});
