// The development host's `--shop-owner` and `--join-shop` (issue 36, Deliver 3, item 4): two real
// hosts (child processes) as the owner's Balcão and a counter of one shop; the owner's host runs
// the shop relay; each host has its own keychain service (one machine, one keychain); a sale rung at the counter reaches the owner's feed.
import { afterAll, describe, expect, it } from 'vitest';
import { payer, tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';
import { waitFor } from '../../helpers/sandbox';
import { localDay } from '../../../shared/domain/sales-series';

const hosts: Host[] = [];
afterAll(async () => {
  for (const h of hosts.reverse()) await h.stop();
});

type Status = { configured: boolean; role?: string; applied: number; shop?: string };

describe('development host as a shop', () => {
  it('--shop-owner prints the address and codes; --join-shop pairs a counter whose sale the owner sees', async () => {
    const owner = await startHost(['--shop-owner', '--pair-codes', '2'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_KEYCHAIN_SERVICE: `balcao-test-shop-owner-${process.pid}`,
      BALCAO_OWNER_PIN: '2468',
    });
    hosts.push(owner);
    const out = await waitFor(
      () =>
        /pairing code \w{10}\n[\s\S]*pairing code \w{10}\n/.test(owner.output()) && owner.output(),
    );
    const address = /shop address (balcao-loja:\S+)/.exec(out)![1]!;
    const codes = [...out.matchAll(/pairing code (\w{10})/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(2);
    const counter = await startHost(['--join-shop', address], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_KEYCHAIN_SERVICE: `balcao-test-shop-counter-${process.pid}`,
      BALCAO_PAIR_CODE: codes[0]!,
    });
    hosts.push(counter);
    expect(counter.output()).toMatch(/joined shop loja-/);
    const st = await counter.call<Status>('shop:status', {});
    expect(st).toMatchObject({ ok: true, value: { configured: true, role: 'terminal' } });
    const sale = await counter.call('charges:create', { amountCents: 1_500, payer });
    expect(sale.ok).toBe(true);
    // The owner's Loja has the counter's sale (the owner's own roster snapshots are entries too).
    expect((await owner.call('owner:unlock', { pin: '2468' })).ok).toBe(true);
    type View = { sales: Array<{ terminal: string; amountCents: number }> };
    const query = { day: localDay(Date.now()), span: 'week', by: 'terminal' };
    let sales: View['sales'] = [];
    for (const until = Date.now() + 15_000; !sales.length && Date.now() < until;) {
      const r = await owner.call<View>('shop:view', query);
      if (r.ok) sales = r.value.sales;
      if (!sales.length) await new Promise((res) => setTimeout(res, 100));
    }
    expect(sales).toMatchObject([{ amountCents: 1_500 }]);
    expect(await owner.call<Status>('shop:status', {})).toMatchObject({
      ok: true,
      value: { role: 'owner' },
    });
    // A used code does not pair a second counter.
    const again = startHost(['--join-shop', address], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_KEYCHAIN_SERVICE: `balcao-test-shop-again-${process.pid}`,
      BALCAO_PAIR_CODE: codes[0]!,
    });
    await expect(again).rejects.toThrow(/--join-shop: PAIRING_CODE_USED/);
  });
});
