// The operators' IPC channels (issue 36) through the real contract dispatch and handlers, on a
// terminal with a real SQLite ledger talking to the PSP sandbox over HTTP: the owner's roster
// gate, the prompt's names, entering with a PIN, a switch mid-charge, and Fechar turno's rights.
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
  const call = (channel: string, input: unknown = {}) =>
    dispatch(handlers, channel, JSON.parse(JSON.stringify(input)), t.core.logger) as Promise<
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each channel's own shape, read by the test
      { ok: true; value: any } | { ok: false; code: string }
    >;
  const value = async (channel: string, input: unknown = {}) => {
    const r = await call(channel, input);
    if (!r.ok) throw new Error(`${channel}: ${r.code}`);
    return r.value;
  };
  const sell = (amountCents: number) => call('charges:create', { amountCents, payer });
  return { ...t, call, value, sell };
}

describe('operators over IPC', () => {
  it('a shop with no operators sells as before: no prompt, no shift needed', async () => {
    const { call, sell } = await terminal();
    expect(await call('operators:current')).toEqual({
      ok: true,
      value: { enabled: false, current: null },
    });
    expect(await call('operators:roster')).toEqual({ ok: true, value: [] });
    expect((await sell(1_000)).ok).toBe(true);
  });

  it('the roster is the owner’s: locked, adding or disabling is refused; the names never carry a PIN', async () => {
    const { core, call, value } = await terminal();
    core.owner.lock();
    expect(
      await call('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' }),
    ).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(await call('operators:list')).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(await value('operators:roster')).toEqual([]);
    await core.owner.unlock('2468');
    expect(
      await call('operators:add', { name: 'Ana', pin: '11a1', role: 'cashier' }),
    ).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
    expect(await call('operators:add', { name: 'Ana', pin: '1111', role: 'boss' })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
    });
    const ana = await value('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' });
    const bia = await value('operators:add', { name: 'Bia', pin: '2222', role: 'supervisor' });
    expect(await value('operators:list')).toEqual([ana, bia]);
    core.owner.lock();
    expect(await call('operators:update', { id: bia.id, active: false })).toMatchObject({
      code: 'OWNER_LOCKED',
    });
    await core.owner.unlock('2468');
    await value('operators:update', { id: bia.id, active: false });
    const roster = await value('operators:roster');
    expect(roster.map((o: { name: string }) => o.name)).toEqual(['Ana']);
    expect(JSON.stringify(roster)).not.toMatch(/salt|hash|1111/i);
  });

  it('Ana sells, Bia takes over mid-charge: the charge reaches Pago tagged Ana; only Ana (or the owner) closes her shift', async () => {
    const { core, call, value, sell } = await terminal();
    const ana = await value('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' });
    const bia = await value('operators:add', { name: 'Bia', pin: '2222', role: 'cashier' });
    core.owner.lock();
    // Operators set up, nobody at the counter: the Caixa does not sell anonymously.
    expect(await value('operators:current')).toMatchObject({
      enabled: true,
      current: null,
      code: 'SHIFT_NOT_OPEN',
    });
    expect(await sell(1_000)).toMatchObject({ ok: false, code: 'SHIFT_NOT_OPEN' });
    expect(await call('operators:enter', { operatorId: ana.id, pin: '2222' })).toMatchObject({
      ok: false,
      code: 'PIN_WRONG',
    });
    const atAna = await value('operators:enter', { operatorId: ana.id, pin: '1111' });
    expect(atAna.operator.name).toBe('Ana');
    expect((await value('operators:current')).current).toEqual(atAna);
    const sale = await sell(1_234);
    if (!sale.ok) throw new Error(sale.code);
    // Bia takes over (leave + her PIN) while Ana's charge waits.
    await value('operators:leave');
    await value('operators:enter', { operatorId: bia.id, pin: '2222' });
    const psp = core.charges.record(sale.value.id)!.pspTransactionId!;
    await env.sb.control('POST', `/charges/${psp}/pay`);
    await waitFor(() => core.charges.record(sale.value.id)!.status === 'PAID');
    expect(
      core.ledger.db
        .prepare('SELECT operator_id FROM charges WHERE id = ?')
        .pluck()
        .get(sale.value.id),
    ).toBe(ana.id);
    // Bia (a cashier) may not close Ana's shift; Ana may.
    expect(await call('shifts:close', { shiftId: atAna.shift.id })).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });
    await value('operators:leave');
    await value('operators:enter', { operatorId: ana.id, pin: '1111' });
    const summary = await value('shifts:close', { shiftId: atAna.shift.id });
    expect(summary).toMatchObject({
      operatorName: 'Ana',
      sales: { count: 1, amountCents: 1_234 },
      paid: { count: 1, amountCents: 1_234 },
    });
    // Her shift closed: the counter is back at the prompt.
    expect((await value('operators:current')).current).toBeNull();
  });

  it('rights: a cashier sees her own shift’s sales only; balance and the day’s closing ask for the owner', async () => {
    const { core, call, value, sell } = await terminal();
    const ana = await value('operators:add', { name: 'Ana', pin: '1111', role: 'cashier' });
    const bia = await value('operators:add', { name: 'Bia', pin: '2222', role: 'cashier' });
    core.owner.lock();
    const day = today();
    const page = { day, page: 1, perPage: 50 };
    expect(await call('history:page', page)).toMatchObject({ ok: false, code: 'SHIFT_NOT_OPEN' });
    await value('operators:enter', { operatorId: ana.id, pin: '1111' });
    const sale = await sell(2_500);
    if (!sale.ok) throw new Error(sale.code);
    const asAna = await value('history:page', page);
    expect(
      asAna.items.map((r: { id: string; operatorName: string }) => [r.id, r.operatorName]),
    ).toEqual([[sale.value.id, 'Ana']]);
    await value('operators:leave');
    await value('operators:enter', { operatorId: bia.id, pin: '2222' });
    const asBia = await value('history:page', page);
    expect(asBia).toMatchObject({ total: 0, items: [] });
    expect(JSON.stringify(asBia)).not.toContain(payer.name);
    expect(await call('history:detail', { id: sale.value.id })).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });
    for (const [channel, input] of [
      ['history:closing', { day }],
      ['account:balance', {}],
      ['history:checkWithPsp', { day }],
    ] as const)
      expect(await call(channel, input)).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    // The owner sees the whole day, with who rang each sale.
    await core.owner.unlock('2468');
    expect((await value('history:page', page)).items[0]).toMatchObject({
      id: sale.value.id,
      operatorName: 'Ana',
      payerName: payer.name,
    });
    expect((await call('history:closing', { day })).ok).toBe(true);
  });

  it('without operators, Histórico and the day’s closing stay open to the counter, as before', async () => {
    const { core, call, sell } = await terminal();
    core.owner.lock();
    expect((await sell(1_000)).ok).toBe(true);
    expect(await call('history:page', { day: today(), page: 1, perPage: 50 })).toMatchObject({
      ok: true,
      value: { total: 1 },
    });
    expect((await call('history:closing', { day: today() })).ok).toBe(true);
  });
});
