import { describe, expect, it } from 'vitest';
import { payer, type coreOn } from '../../helpers/core';
import { eventually } from '../../helpers/sandbox';
import { presetTerminalPerTest } from '../../helpers/sandbox-terminal';

// cics-pt: unsigned callbacks are hints; only the status query's answer is applied, and the
// query (60 a minute per IP at the PSP) never goes past its budget, whoever asks.
const env = presetTerminalPerTest();

async function cicsTerminal(extra: Parameters<typeof coreOn>[1] = {}) {
  const { t } = await env.open('cics-pt', extra);
  await t.core.start();
}

const checks = async () =>
  ((await env.sb.control('GET', '/stats')).body as { checks: { total: number; limited: number } })
    .checks;
const pspIdOf = async (externalId: string) =>
  (
    (await env.sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>
  ).find((c) => c.externalId === externalId)!.id;
const create = async (amountCents = 1234) => {
  const r = await env.t.core.charges.create({ amountCents, payer });
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
const forge = (body: object) =>
  fetch(env.t.core.callbackUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('confirm-by-query (cics-pt)', () => {
  it('a forged COMPLETO leaves the charge pending; the real payment turns it Pago', async () => {
    await cicsTerminal();
    const c = await create();
    expect(c.status).toBe('PENDING');
    const pspId = await pspIdOf(c.externalId);
    const res = await forge({ transactionId: Number(pspId), status: 'COMPLETO', value: 1234 });
    expect(res.status).toBe(200); // recorded as a hint, not applied
    await eventually(async () => (await checks()).total >= 1);
    await env.t.core.reconciler.run();
    const after = env.t.core.charges.get(c.id);
    expect(after.ok && after.value.status).toBe('PENDING');
    expect(after.ok && after.value.flags).not.toContain('UNKNOWN_STATUS');

    await env.sb.control('POST', `/charges/${pspId}/pay`);
    await eventually(async () => {
      const v = env.t.core.charges.get(c.id);
      return v.ok && v.value.status === 'PAID';
    });
  });

  it('a flood of forged callbacks costs little (coalesced per charge) and never a Pago', async () => {
    await cicsTerminal();
    const c = await create();
    const pspId = await pspIdOf(c.externalId);
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        forge({ transactionId: Number(pspId), status: 'COMPLETO', nonce: i }),
      ),
    );
    await env.t.core.reconciler.run();
    const used = (await checks()).total;
    expect(used).toBeGreaterThanOrEqual(1);
    expect(used).toBeLessThanOrEqual(3);
    const v = env.t.core.charges.get(c.id);
    expect(v.ok && v.value.status).toBe('PENDING');
  });

  it('30 pending charges never push the status query past their share of 60 a minute', async () => {
    // Reconciliation every 50 ms with a 200 ms backoff wants hundreds of questions a minute.
    await cicsTerminal({ pollMs: 50, reconcileBackoffMs: [200] });
    for (let i = 0; i < 30; i++) await create(1000 + i);
    // Pending charges leave half of the minute to a cashier in doubt: 30 of 60.
    const share = 30;
    await eventually(async () => (await checks()).total >= share, 15_000);
    await new Promise((r) => setTimeout(r, 1_500)); // still wanting more, still held back
    const used = await checks();
    expect(used.total).toBe(share);
    expect(used.limited).toBe(0);
    expect(env.t.core.statusBudget.available()).toBe(60 - share);
  });

  it('a 429 from the status query is honoured (Retry-After), not retried in a loop', async () => {
    await cicsTerminal();
    const c = await create();
    await env.sb.control('POST', '/faults', {
      route: 'POST /transactions/check',
      kind: 'status',
      value: 429,
      count: 1,
    });
    env.t.core.reconciler.hint(c.id);
    await eventually(
      async () => (await checks()).total === 0 && env.t.core.statusBudget.available() === 0,
    );
    await env.t.core.reconciler.run();
    expect((await checks()).total).toBe(0); // paused: nothing went out
    await eventually(async () => env.t.core.statusBudget.available() > 0, 5_000);
  });
});
