// The roster through two development hosts (issue 36, Deliver 3 and 4): the owner's host
// (`--shop-owner`) and a counter (`--join-shop`), each a real process with its own keychain and
// ledger. An operator the owner adds through the owner's IPC shows up in the counter's
// "Quem está no caixa?" names (`operators:roster`) and enters there with her PIN.
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';
import { waitFor } from '../../helpers/sandbox';

const hosts: Host[] = [];
afterAll(async () => {
  for (const h of hosts.reverse()) await h.stop();
});

type Named = Array<{ id: string; name: string }>;

describe('development hosts: the roster reaches the counter', () => {
  it('added on the owner’s host → named at the counter and enters there with her PIN', async () => {
    const owner = await startHost(['--shop-owner', '--pair-codes', '1'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_KEYCHAIN_SERVICE: `balcao-test-roster-owner-${process.pid}`,
      BALCAO_OWNER_PIN: '2468',
    });
    hosts.push(owner);
    const out = await waitFor(() => /pairing code \w{10}\n/.test(owner.output()) && owner.output());
    const address = /shop address (balcao-loja:\S+)/.exec(out)![1]!;
    const code = /pairing code (\w{10})/.exec(out)![1]!;
    const counter = await startHost(['--join-shop', address], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_KEYCHAIN_SERVICE: `balcao-test-roster-counter-${process.pid}`,
      BALCAO_PAIR_CODE: code,
    });
    hosts.push(counter);
    expect((await owner.call('owner:unlock', { pin: '2468' })).ok).toBe(true);
    const added = await owner.call<{ id: string }>('operators:add', {
      name: 'Ana Souza',
      pin: '4826',
      role: 'cashier',
    });
    if (!added.ok) throw new Error('operators:add refused');
    let names: Named = [];
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      const r = await counter.call<Named>('operators:roster', {});
      if (r.ok && r.value.length > 0) {
        names = r.value;
        break;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(names.map((o) => o.name)).toEqual(['Ana Souza']);
    const entered = await counter.call('operators:enter', {
      operatorId: added.value.id,
      pin: '4826',
    });
    expect(entered.ok).toBe(true);
  });
});
