import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeView } from '../../../shared/views';
import { coreOn, payer, presetTerminal } from '../../helpers/core';
import { eventually, sandbox, type TestSandbox } from '../../helpers/sandbox';
import { chargeOnceConnected, onSilentRelay, silentRelay } from '../../helpers/silent-relay';
import { stopAll } from '../../helpers/stop-all';

// A Bearer member (VeoPag's dialect and preset): its status query sits behind the Bearer token.
// With callbacks that cannot be verified (no webhook secret set: the weak case) "Verificar de
// novo" still finds the payment; with the relay stream dead, polling finds it.
type Core = Awaited<ReturnType<typeof coreOn>>;
let sb: TestSandbox;
let t: Core;
const closers: Array<{ close(): Promise<void> }> = [];
afterEach(() => stopAll(t?.core, sb, ...closers.splice(0)));

const veopag = (over: Parameters<typeof coreOn>[1] = {}) => presetTerminal(sb, 'veopag', over);
const status = (id: string) => {
  const r = t.core.charges.get(id);
  return r.ok ? r.value.status : undefined;
};
const checks = async () =>
  ((await sb.control('GET', '/stats')).body as { checks?: { total: number } }).checks?.total ?? 0;

describe('Bearer status query (VeoPag)', () => {
  it('weak Bearer: its callbacks refused (no webhook secret), “Verificar de novo” asks with the token → Pago', async () => {
    sb = await sandbox({ dialect: 'veopag' });
    t = await veopag();
    await t.core.start();
    const r = await t.core.charges.create({ amountCents: 1990, payer });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.status).toBe('PENDING');
    await sb.control('POST', `/charges/${r.value.externalId}/pay`);
    // The signed callback arrives and is refused: signed with a secret the app does not have.
    await eventually(async () =>
      ((await sb.control('GET', '/callbacks')).body as unknown[]).length > 0 ? true : undefined,
    );
    expect(status(r.value.id)).toBe('PENDING');
    const rechecked = await t.core.charges.recheck(r.value.id);
    expect(rechecked).toMatchObject({ ok: true, value: { status: 'PAID' } });
  });

  it('a dead relay stream: the Bearer status query finds the payment made meanwhile', async () => {
    sb = await sandbox({ dialect: 'veopag' });
    // A relay whose stream opens, sends one comment, then goes silent; callbacks posted to it vanish.
    const relay = await silentRelay();
    closers.push(relay);
    t = await veopag(onSilentRelay(relay.url));
    const charge = await chargeOnceConnected(t);
    const before = await checks();
    await sb.control('POST', `/charges/${charge.externalId}/pay`);
    await eventually(
      async () =>
        t.events.some(
          (e) =>
            e.event === 'charges:updated' &&
            (e.payload as ChargeView).id === charge.id &&
            (e.payload as ChargeView).status === 'PAID',
        ),
      8_000,
    );
    // Pago came from its Bearer status route (the callback went into the dead relay).
    expect(await checks()).toBeGreaterThan(before);
  });
});
