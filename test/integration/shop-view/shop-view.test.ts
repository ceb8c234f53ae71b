// Loja (issue 36, Deliver 3): the owner's Balcão (a real AppCore on a real SQLite ledger) reads
// two counters' sales that reached it through the real relay and the real feed, over the real
// IPC dispatch: owner only, counters' state, the day's sales, closing by counter and operator.
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { coreOn, today } from '../../helpers/core';
import { sandboxForFile } from '../../helpers/sandbox-terminal';
import { SHOP_PAID_CENTS, sellAtTwoCounters } from '../../helpers/shop-counters';

const env = sandboxForFile();
const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

async function ownersBalcao() {
  const t = await coreOn(env.sb.baseUrl);
  await t.core.owner.setPin('2468');
  const handlers = createHandlers(t.core, 'browser');
  const call = (channel: string, input: unknown = {}) =>
    dispatch(handlers, channel, JSON.parse(JSON.stringify(input)), t.core.logger) as Promise<
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each channel's own shape, read by the test
      { ok: true; value: any } | { ok: false; code: string }
    >;
  return { ...t, call };
}

describe('Loja over IPC, fed by the shop journal', () => {
  it('is offered only once the journal said something, and is the owner’s', async () => {
    const { core, call } = await ownersBalcao();
    const info = await call('app:info');
    expect(info.ok && info.value.shopJournal).toBeFalsy();
    const shop = await sellAtTwoCounters(core.ledger.db);
    stops.push(shop.stop);
    expect(await call('app:info')).toMatchObject({ ok: true, value: { shopJournal: true } });
    core.owner.lock();
    const q = { day: today(), span: 'week', by: 'terminal' };
    expect(await call('shop:view', q)).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(await call('shop:view', { ...q, by: 'nobody' })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
    });
  });

  it("shows both counters' sales, and the shop's closing is the sum of theirs", async () => {
    const { core, call } = await ownersBalcao();
    const shop = await sellAtTwoCounters(core.ledger.db);
    stops.push(shop.stop);
    await core.owner.unlock('2468');
    const r = await call('shop:view', { day: today(), span: 'week', by: 'terminal' });
    if (!r.ok) throw new Error(r.code);
    const v = r.value;
    expect(
      v.counters.map(
        (c: { terminal: string; name: string; shiftOperator: string; recent: boolean }) => [
          c.terminal,
          c.name,
          c.shiftOperator,
          c.recent,
        ],
      ),
    ).toEqual([
      // Named by their heartbeats; this Balcão (also "Caixa 1", selling nothing) is no counter.
      ['caixa-1', 'Caixa 1', 'Ana', true],
      ['caixa-2', 'Caixa 2', 'Bia', true],
    ]);
    expect(
      v.sales
        .map((s: { id: string; terminal: string; operatorName: string; status: string }) =>
          [s.id, s.terminal, s.operatorName, s.status].join(' '),
        )
        .sort(),
    ).toEqual([
      'c1 caixa-1 Ana PAID',
      'c2 caixa-1 Ana EXPIRED',
      'c3 caixa-2 Bia PAID_DIFFERENT_AMOUNT',
      'c4 caixa-2 Bia PAID',
      'c5 caixa-2 Bia CANCELED',
    ]);
    // The payer reached the owner masked, never whole.
    const c1 = v.sales.find((s: { id: string }) => s.id === 'c1');
    expect(c1.payer).toBe('Maria S. ***.456.***-**');
    expect(JSON.stringify(v)).not.toContain('123.456.789-09');
    const { shop: whole, terminals } = v.closing;
    expect(whole.received).toMatchObject({ count: 3, amountCents: SHOP_PAID_CENTS });
    expect(
      terminals.map(
        (t: { live: { received: { amountCents: number } } }) => t.live.received.amountCents,
      ),
    ).toEqual([1500, 5900]);
    expect(whole.expired).toEqual({ count: 1, amountCents: 2000 });
    expect(whole.canceled).toEqual({ count: 1, amountCents: 700 });
    expect(terminals[1].operators).toMatchObject([{ name: 'Bia' }]);
    // Semana e mês by counter: the one that took most first.
    expect(v.series).toEqual([
      { key: 'Caixa 2', paid: 2, paidCents: 5900, expired: 0, canceled: 1, other: 0 },
      { key: 'Caixa 1', paid: 1, paidCents: 1500, expired: 1, canceled: 0, other: 0 },
    ]);
    expect(v.orphans).toBe(0);
  });
});
