import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeView, ConnectionStatus } from '../../../shared/views';
import { coreOn, payer } from '../../helpers/core';
import { depositFault, eventually, sandbox, type TestSandbox } from '../../helpers/sandbox';
import { chargeOnceConnected, onSilentRelay, silentRelay } from '../../helpers/silent-relay';
import { stopAll } from '../../helpers/stop-all';

// Reconciliation: nothing stays uncertain or pending without a word — a status query resolves
// it, or the cashier is told what to do; a relay stream that went silent is noticed, and a
// payment made meanwhile still reaches the screen.
type Core = Awaited<ReturnType<typeof coreOn>>;
let sb: TestSandbox;
let t: Core;
const closers: Array<{ close(): Promise<void> }> = [];
afterEach(() => stopAll(t?.core, sb, ...closers.splice(0)));

const fault = (kind: string, value?: number, count = 1) => depositFault(sb, kind, value, count);
const view = (id: string) => {
  const r = t.core.charges.get(id);
  return r.ok ? r.value : undefined;
};
const paidUpdate = (id: string) =>
  t.events.some(
    (e) =>
      e.event === 'charges:updated' &&
      (e.payload as ChargeView).id === id &&
      (e.payload as ChargeView).status === 'PAID',
  );

describe('reconciliation', () => {
  it('an uncertain charge is resolved by the status query (the QR comes back)', async () => {
    sb = await sandbox();
    // The charge service's own retries are far away: only reconciliation can resolve it.
    t = await coreOn(sb.baseUrl, { resolveDelaysMs: [3_600_000] });
    await fault('drop'); // the PSP created it, the answer was lost
    const r = await t.core.charges.create({ amountCents: 4200, payer });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.status).toBe('UNCERTAIN');
    expect(await t.core.reconciler.run()).toBeGreaterThan(0);
    const v = view(r.value.id)!;
    expect(v.status).toBe('PENDING');
    expect(v.brcode).toMatch(/^000201/);
  });

  it('without a status query the cashier is told what to do instead of Verificando forever', async () => {
    sb = await sandbox();
    t = await coreOn(sb.baseUrl, { statusQuery: false, resolveDelaysMs: [20, 20] });
    await fault('drop');
    await fault('status', 503, 10);
    const r = await t.core.charges.create({ amountCents: 4300, payer });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.status).toBe('UNCERTAIN');
    const told = await eventually(async () => {
      const v = view(r.value.id);
      return v?.notice?.code === 'UNCERTAIN_RETIRED' && v;
    });
    expect(told.status).toBe('CANCELED');
  });

  it('a relay stream silent for two heartbeats is dropped; a payment made meanwhile reaches the screen', async () => {
    sb = await sandbox();
    // A relay whose stream opens, sends one comment, then goes silent (a half-dead connection);
    // callbacks posted to it vanish.
    const relay = await silentRelay();
    closers.push(relay);
    t = await coreOn(sb.baseUrl, onSilentRelay(relay.url));
    const charge = await chargeOnceConnected(t);
    await sb.control('POST', `/charges/${charge.externalId}/pay`);
    await eventually(async () => paidUpdate(charge.id), 8_000);
    const states = t.events
      .filter((e) => e.event === 'connection:changed')
      .map((e) => e.payload as ConnectionStatus);
    expect(states.some((s) => s.state === 'reconnecting' && s.detail === 'RELAY_SILENT')).toBe(
      true,
    );
    await eventually(async () => relay.streams() >= 2, 8_000); // it reconnected
  });

  it('forgets the charges it settled: no plan is kept past the payable window', async () => {
    sb = await sandbox();
    t = await coreOn(sb.baseUrl);
    const settled: string[] = [];
    for (const end of ['pay', 'expire']) {
      const r = await t.core.charges.create({ amountCents: 4400, payer });
      if (!r.ok) throw new Error(r.message);
      t.core.charges.cancel(r.value.id); // closed here, still payable at the PSP
      await sb.control('POST', `/charges/${r.value.externalId}/${end}`);
      settled.push(r.value.id);
    }
    await t.core.reconciler.run();
    expect(view(settled[0]!)?.status).toBe('PAID'); // the late payment, found by the query
    // A day and more later neither is asked about nor remembered (a plan per charge, forever,
    // was memory that grew with every charge closed here).
    t.clock.offsetMs += 2 * 86_400_000;
    t.core.reconciler.candidates();
    expect(t.core.reconciler.plannedCount()).toBe(0);
  });
});
