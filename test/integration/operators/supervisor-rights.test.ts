// Issue 36 rights at the counter, through the real handlers, a SQLite ledger and the PSP
// sandbox over HTTP: a cashier may not cancel a charge (told in words); a supervisor at the
// counter may, and may close another operator's shift; without operators, cancel is as before.
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { coreOn, payer } from '../../helpers/core';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

const env = sandboxForFile();

async function terminal() {
  const t = await coreOn(env.sb.baseUrl);
  await t.core.owner.setPin('2468');
  const handlers = createHandlers(t.core, 'browser');
  const call = (channel: string, input: unknown = {}) =>
    dispatch(handlers, channel, input, t.core.logger) as Promise<
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each channel's own shape
      { ok: true; value: any } | { ok: false; code: string }
    >;
  const value = async (channel: string, input: unknown = {}) => {
    const r = await call(channel, input);
    if (!r.ok) throw new Error(`${channel}: ${r.code}`);
    return r.value;
  };
  return { ...t, call, value };
}

describe('supervisor rights at the counter', () => {
  it('Ana (cashier) may not cancel; Bia (supervisor) cancels Ana’s charge and closes her shift', async () => {
    const { core, call, value } = await terminal();
    const ana = await value('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' });
    const bia = await value('operators:add', { name: 'Bia', pin: '2222', role: 'supervisor' });
    core.owner.lock();
    const atAna = await value('operators:enter', { operatorId: ana.id, pin: '1111' });
    const sale = await value('charges:create', { amountCents: 3_300, payer });
    expect(await call('charges:cancel', { id: sale.id })).toMatchObject({
      ok: false,
      code: 'SUPERVISOR_ONLY',
    });
    expect(core.charges.record(sale.id)!.status).toBe('PENDING');
    await value('operators:leave');
    await value('operators:enter', { operatorId: bia.id, pin: '2222' });
    expect((await value('charges:cancel', { id: sale.id })).status).toBe('CANCELED');
    const summary = await value('shifts:close', { shiftId: atAna.shift.id });
    expect(summary).toMatchObject({
      operatorName: 'Ana',
      canceled: { count: 1, amountCents: 3_300 },
    });
    // Bia's own shift stays open: she is still at the counter.
    expect((await value('operators:current')).current.operator.name).toBe('Bia');
  });

  it('the owner unlocked cancels; a shop without operators cancels as before', async () => {
    const withOps = await terminal();
    const ana = await withOps.value('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' });
    withOps.core.owner.lock();
    await withOps.value('operators:enter', { operatorId: ana.id, pin: '1111' });
    const sale = await withOps.value('charges:create', { amountCents: 500, payer });
    await withOps.core.owner.unlock('2468');
    expect((await withOps.value('charges:cancel', { id: sale.id })).status).toBe('CANCELED');

    const plain = await terminal();
    plain.core.owner.lock();
    const other = await plain.value('charges:create', { amountCents: 700, payer });
    expect((await plain.value('charges:cancel', { id: other.id })).status).toBe('CANCELED');
  });
});
