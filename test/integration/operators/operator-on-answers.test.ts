// Issue 36 on the real path (handlers, SQLite ledger, PSP sandbox over HTTP): a PDV sale rung
// while Ana is at the counter answers the PDV with the terminal and Ana, and the owner's
// Histórico detail names her too.
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { coreOn, payer } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

const env = sandboxForFile();

describe('the operator in the PDV’s answers and Histórico’s detail', () => {
  it('a PDV sale rung at Ana’s shift: the local API’s sale says terminal and operator', async () => {
    const { core } = await coreOn(env.sb.baseUrl);
    await core.owner.setPin('2468');
    const handlers = createHandlers(core, 'browser');
    const value = async (channel: string, input: unknown = {}) => {
      const r = (await dispatch(handlers, channel, input, core.logger)) as
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each channel's own shape
        { ok: true; value: any } | { ok: false; code: string };
      if (!r.ok) throw new Error(`${channel}: ${r.code}`);
      return r.value;
    };
    const ana = await value('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' });
    core.owner.lock();
    await value('operators:enter', { operatorId: ana.id, pin: '1111' });
    const created = await core.pdvApi.create({ amountCents: 4_200, reference: 'VENDA-1', payer });
    if (!created.ok) throw new Error(created.code);
    const { chargeId } = created.value.sale;
    await env.sb.control('POST', `/charges/${core.charges.record(chargeId)!.pspTransactionId}/pay`);
    await waitFor(() => core.charges.record(chargeId)!.status === 'PAID');
    const sale = await core.pdvApi.status('VENDA-1');
    expect(sale).toMatchObject({
      ok: true,
      value: { paid: true, terminal: core.settings.get().terminalName, operator: 'Ana' },
    });
    // The owner (unlocked) sees who rang it in the sale's detail.
    await core.owner.unlock('2468');
    expect((await value('history:detail', { id: chargeId })).charge.operatorName).toBe('Ana');
  });

  it('a shop without operators: the sale names the terminal, no operator', async () => {
    const { core } = await coreOn(env.sb.baseUrl);
    const created = await core.pdvApi.create({ amountCents: 1_000, reference: 'VENDA-2', payer });
    if (!created.ok) throw new Error(created.code);
    expect(created.value.sale.terminal).toBe(core.settings.get().terminalName);
    expect(created.value.sale).not.toHaveProperty('operator');
  });
});
