// Fechamento do dia by operator and by terminal (issue 36) through the real handlers, a real
// SQLite ledger and the PSP sandbox over HTTP: each operator's block holds her own money, the
// terminal's is the sum of its operators and equals the day's closing; no operators, no blocks.
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { coreOn, payer, today } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

const env = sandboxForFile();

async function terminal() {
  const t = await coreOn(env.sb.baseUrl);
  await t.core.owner.setPin('2468');
  const handlers = createHandlers(t.core, 'browser');
  const value = async (channel: string, input: unknown = {}) => {
    const r = (await dispatch(
      handlers,
      channel,
      JSON.parse(JSON.stringify(input)),
      t.core.logger,
    )) as
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each channel's own shape
      { ok: true; value: any } | { ok: false; code: string };
    if (!r.ok) throw new Error(`${channel}: ${r.code}`);
    return r.value;
  };
  const sellPaid = async (amountCents: number) => {
    const c = await value('charges:create', { amountCents, payer });
    const psp = t.core.charges.record(c.id)!.pspTransactionId!;
    await env.sb.control('POST', `/charges/${psp}/pay`);
    await waitFor(() => t.core.charges.record(c.id)!.status === 'PAID');
    return c;
  };
  return { ...t, value, sellPaid };
}

describe('Fechamento by operator and by terminal', () => {
  it('Ana’s and Bia’s blocks hold their own sales; the terminal is their sum and the day', async () => {
    const { core, value, sellPaid } = await terminal();
    const ana = await value('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' });
    const bia = await value('operators:add', { name: 'Bia', pin: '2222', role: 'cashier' });
    core.owner.lock();
    await value('operators:enter', { operatorId: ana.id, pin: '1111' });
    await sellPaid(1_000);
    await sellPaid(500);
    await value('operators:leave');
    await value('operators:enter', { operatorId: bia.id, pin: '2222' });
    await sellPaid(250);
    await value('charges:create', { amountCents: 90, payer }); // still waiting
    await core.owner.unlock('2468');
    const closing = await value('history:closing', { day: today() });
    const by = Object.fromEntries(
      closing.byOperator.map((p: { operatorName: string; live: unknown }) => [
        p.operatorName,
        p.live,
      ]),
    );
    expect(Object.keys(by)).toEqual(['Ana', 'Bia']);
    expect(by.Ana.received).toMatchObject({ count: 2, amountCents: 1_500 });
    expect(by.Ana.pending).toEqual({ count: 0, amountCents: 0 });
    expect(by.Bia.received).toMatchObject({ count: 1, amountCents: 250 });
    expect(by.Bia.pending).toEqual({ count: 1, amountCents: 90 });
    expect(closing.byTerminal).toEqual([
      { terminalId: closing.terminalId, terminalName: closing.terminalName, live: closing.live },
    ]);
    expect(closing.live.received).toMatchObject({ count: 3, amountCents: 1_750 });
  });

  it('a shop without operators gets the closing exactly as before: no blocks', async () => {
    const { value, sellPaid } = await terminal();
    await sellPaid(1_000);
    const closing = await value('history:closing', { day: today() });
    expect(closing.live.received).toMatchObject({ count: 1, amountCents: 1_000 });
    expect(closing).not.toHaveProperty('byOperator');
    expect(closing).not.toHaveProperty('byTerminal');
  });
});
