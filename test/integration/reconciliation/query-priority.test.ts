import { beforeAll, describe, expect, it } from 'vitest';
import { payer } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// Issue 21, item 4: the status-query budget has priorities. A charge with a customer at the
// counter (uncertain) is answered at once while routine reconciliation of 100 canceled charges
// has spent everything it may of the minute's budget.
const env = terminalForFile();
beforeAll(() => {
  expect(
    env.core.settings.update({ psp: { requestTimeoutMs: 800, statusQuery: { perMinute: 20 } } }).ok,
  ).toBe(true);
});

describe('status-query priority', () => {
  it('an uncertain charge is answered first with 100 canceled charges waiting', async () => {
    for (let i = 0; i < 100; i++) {
      const r = await env.core.charges.create({ amountCents: 100 + i, payer });
      if (!r.ok) throw new Error(r.message);
      env.core.charges.cancel(r.value.id);
    }
    // Routine reconciliation of the canceled ones (still payable: a late payment) spends the budget.
    const asked = await env.core.reconciler.run();
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThan(100);
    expect(env.core.statusBudget.available()).toBeLessThan(20);

    // Now a customer at the counter: the create's answer is lost, the charge is uncertain.
    await env.sb.control('POST', '/faults', { route: 'POST /payments/deposit', kind: 'timeout' });
    const c = await env.core.charges.create({ amountCents: 5322, payer });
    expect(c.ok && c.value.status).toBe('UNCERTAIN');
    const id = c.ok ? c.value.id : '';
    // Routine work keeps asking meanwhile; the counter's question still goes first.
    void env.core.reconciler.run();
    const done = await waitFor(() => {
      const r = env.core.charges.get(id);
      return r.ok && r.value.status === 'PENDING' ? r.value : undefined;
    }, 8_000);
    expect(done.brcode).toMatch(/^000201/);
  });
});
