import { afterEach, describe, expect, it } from 'vitest';
import { coreOn, payer, presetTerminal } from '../../helpers/core';
import { eventually, sandbox, type TestSandbox } from '../../helpers/sandbox';
import { stopAll } from '../../helpers/stop-all';

// cics-pt: unsigned callbacks are hints; only the status query's answer is applied, and the
// query (60 a minute per IP at the PSP) never goes past its budget, whoever asks.
type Core = Awaited<ReturnType<typeof coreOn>>;
let sb: TestSandbox;
let t: Core;
afterEach(() => stopAll(t?.core, sb));

async function cicsTerminal(extra: Parameters<typeof coreOn>[1] = {}) {
  sb = await sandbox({ dialect: 'cics-pt' });
  t = await presetTerminal(sb, 'cics-pt', extra);
  await t.core.start();
  return t;
}

const checks = async () =>
  ((await sb.control('GET', '/stats')).body as { checks: { total: number; limited: number } })
    .checks;
const pspIdOf = async (externalId: string) =>
  ((await sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>).find(
    (c) => c.externalId === externalId,
  )!.id;
const create = async (amountCents = 1234) => {
  const r = await t.core.charges.create({ amountCents, payer });
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
const forge = (body: object) =>
  fetch(t.core.callbackUrl(), {
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
    await t.core.reconciler.run();
    const after = t.core.charges.get(c.id);
    expect(after.ok && after.value.status).toBe('PENDING');
    expect(after.ok && after.value.flags).not.toContain('UNKNOWN_STATUS');

    await sb.control('POST', `/charges/${pspId}/pay`);
    await eventually(async () => {
      const v = t.core.charges.get(c.id);
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
    await t.core.reconciler.run();
    const used = (await checks()).total;
    expect(used).toBeGreaterThanOrEqual(1);
    expect(used).toBeLessThanOrEqual(3);
    const v = t.core.charges.get(c.id);
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
    expect(t.core.statusBudget.available()).toBe(60 - share);
  });

  it('a 429 from the status query is honoured (Retry-After), not retried in a loop', async () => {
    await cicsTerminal();
    const c = await create();
    await sb.control('POST', '/faults', {
      route: 'POST /transactions/check',
      kind: 'status',
      value: 429,
      count: 1,
    });
    t.core.reconciler.hint(c.id);
    await eventually(
      async () => (await checks()).total === 0 && t.core.statusBudget.available() === 0,
    );
    await t.core.reconciler.run();
    expect((await checks()).total).toBe(0); // paused: nothing went out
    await eventually(async () => t.core.statusBudget.available() > 0, 5_000);
  });
});
