// The roster reaches the counter, in Chromium (issue 36, Deliver 3 and 4): the owner's host
// (--shop-owner) and a counter's host (--join-shop), each with its own keychain and ledger. The
// owner adds Ana on her Balcão; the counter's Caixa then asks "Quem está no caixa?" with Ana's name,
// and Ana enters there with her PIN.
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { OWNER_PIN } from '../helpers/app-session';
import { openPage, shot } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { waitFor } from '../helpers/sandbox';

const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const own: Array<Host | Browser> = [];
afterAll(async () => {
  for (const o of own.reverse()) await ('stop' in o ? o.stop() : o.close());
});

describe.skipIf(!hasSecretService)('the roster at the counter', () => {
  it('Ana added on the owner’s Balcão is in the counter’s "Quem está no caixa?" and enters with her PIN', async () => {
    const owner = await startHost(['--shop-owner', '--pair-codes', '1'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_OWNER_PIN: OWNER_PIN,
      BALCAO_KEYCHAIN_SERVICE: `balcao-e2e-roster-owner-${process.pid}`,
    });
    own.push(owner);
    const out = await waitFor(() => /pairing code \w{10}\n/.test(owner.output()) && owner.output());
    const counter = await startHost(
      ['--join-shop', /shop address (balcao-loja:\S+)/.exec(out)![1]!],
      {
        BALCAO_DATA_DIR: tempDir(),
        BALCAO_OWNER_PIN: OWNER_PIN,
        BALCAO_KEYCHAIN_SERVICE: `balcao-e2e-roster-counter-${process.pid}`,
        BALCAO_PAIR_CODE: /pairing code (\w{10})/.exec(out)![1]!,
      },
    );
    own.push(counter);
    expect((await owner.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
    expect(
      (await owner.call('operators:add', { name: 'Ana Souza', pin: '4826', role: 'cashier' })).ok,
    ).toBe(true);
    // The roster entry lands a moment later: wait for the counter to hold Ana, then open its Caixa.
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const r = await counter.call<Array<{ name: string }>>('operators:roster', {});
      if (r.ok && r.value.length > 0) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    const { browser, page } = await openPage(counter.url, { width: 1024, height: 768 });
    own.push(browser);
    const prompt = page.getByRole('region', { name: 'Quem está no caixa?' });
    await prompt.getByRole('button', { name: 'Ana Souza', exact: true }).waitFor();
    await page.screenshot({ path: shot('loja-operador-no-caixa') });
    await prompt.getByRole('button', { name: 'Ana Souza', exact: true }).click();
    await page.keyboard.type('4826');
    await page.keyboard.press('Enter');
    await page.getByText('Operador: Ana Souza').waitFor();
  });
});
