import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { useApp } from '../../../renderer/stores/app-store';
import { useCashier } from '../../../renderer/stores/cashier-store';
import { usePayments } from '../../../renderer/stores/payments-store';
import { createApi } from '../../../shared/ipc-api';
import type { EventChannel } from '../../../shared/ipc-channels';
import { payer } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// The cashier's stores over the real services: window.balcao is the contract's API on an
// in-process dispatch to a terminal core (real SQLite) talking HTTP to the sandbox. Node's own
// environment (jsdom's AbortSignal is not the one Node's fetch accepts): `window` is the stores'
// only browser global, given here.
const env = terminalForFile();
const seen: number[] = []; // every amount the cashier store ever had on screen

beforeAll(async () => {
  const handlers = createHandlers(env.core, 'browser');
  (globalThis as { window?: unknown }).window = globalThis;
  // The language follows into <html lang>: the one part of the DOM the stores touch.
  (globalThis as { document?: unknown }).document = { documentElement: {} };
  window.balcao = createApi(
    (channel, input) => dispatch(handlers, channel, input, env.core.logger),
    (event: EventChannel, fn) => env.core.events.on(event, fn as never),
  );
  env.core.events.on('charges:updated', (c) => useCashier.getState().onUpdate(c));
  env.core.events.on('charges:paid', (p) => usePayments.getState().onPaid(p.charge));
  useCashier.subscribe((s) => s.charge && seen.push(s.charge.amountCents));
  await useApp.getState().refresh();
});
beforeEach(async () => {
  await env.sb.control('DELETE', '/faults');
  useCashier.getState().reset();
  useApp.setState({ defaultPayer: null, route: 'cashier' });
  seen.length = 0;
});

const type = (cents: number) => {
  useCashier.getState().setAmount(cents);
  for (const [k, v] of Object.entries(payer))
    useCashier.getState().setField(k as keyof typeof payer, v);
};
const record = (amountCents: number) =>
  env.core.charges.list({}).find((c) => c.amountCents === amountCents);

describe('the cashier store', () => {
  it('an abandoned request never reaches the screen; it is canceled when its answer arrives', async () => {
    await env.sb.control('POST', '/faults', {
      route: 'POST /payments/deposit',
      kind: 'latency',
      value: 600,
    });
    type(2222);
    const first = useCashier.getState().submit();
    await waitFor(() => useCashier.getState().busy);
    useCashier.getState().startOver();
    expect(useCashier.getState().confirm).toMatchObject({ kind: 'abandon', amountCents: 2222 });
    await useCashier.getState().confirmYes();
    type(3333);
    await useCashier.getState().submit();
    await first;
    expect(useCashier.getState().charge).toMatchObject({ amountCents: 3333, status: 'PENDING' });
    await waitFor(() => record(2222)?.status === 'CANCELED');
    expect(record(2222)!.canceledBy).toMatch(/^cashier@/);
    expect(seen).not.toContain(2222);
  });

  it('leaving a pending charge asks first; No keeps it, Yes cancels it and records who and when', async () => {
    type(1212);
    await useCashier.getState().submit();
    const id = useCashier.getState().charge!.id;
    useCashier.getState().startOver();
    expect(useCashier.getState().confirm).toMatchObject({ kind: 'new', amountCents: 1212 });
    useCashier.getState().confirmNo();
    expect(useCashier.getState().charge?.id).toBe(id);
    useCashier.getState().askCancel();
    await useCashier.getState().confirmYes();
    expect(useCashier.getState().charge).toMatchObject({ id, status: 'CANCELED' });
    expect(env.core.charges.get(id)).toMatchObject({
      value: { status: 'CANCELED', canceledBy: expect.stringMatching(/^cashier@/) },
    });
  });

  it('a reload puts the charge in progress back, QR and all', async () => {
    type(4545);
    await useCashier.getState().submit();
    const before = useCashier.getState().charge!;
    // What a reload leaves: a fresh store.
    useCashier.setState({ charge: null, form: { ...useCashier.getState().form, amountCents: 0 } });
    await useCashier.getState().restore();
    expect(useCashier.getState().charge).toMatchObject({ id: before.id, brcode: before.brcode });
  });

  it('with a default payer the sale is the amount alone; Identificar pagador sends the typed one', async () => {
    useApp.setState({
      defaultPayer: {
        name: 'Consumidor',
        document: '529.982.247-25',
        email: 'caixa@loja.com.br',
        phone: '(11) 3333-4444',
      },
    });
    useCashier.getState().setAmount(990);
    await useCashier.getState().submit();
    expect(useCashier.getState().charge).toMatchObject({
      amountCents: 990,
      payerName: 'Consumidor',
    });
    useCashier.getState().reset();
    useCashier.getState().setIdentify(true);
    type(991);
    await useCashier.getState().submit();
    expect(useCashier.getState().charge).toMatchObject({
      amountCents: 991,
      payerName: 'Ana Souza',
    });
  });

  it('a payment for a charge not on screen is news until dismissed; the one on screen is not', async () => {
    type(5656);
    await useCashier.getState().submit();
    const abandoned = useCashier.getState().charge!;
    useCashier.getState().startOver();
    await useCashier.getState().confirmYes();
    type(7878);
    await useCashier.getState().submit();
    const onScreen = useCashier.getState().charge!;
    for (const c of [abandoned, onScreen])
      await env.sb.control(
        'POST',
        `/charges/${env.core.charges.record(c.id)!.pspTransactionId}/pay`,
      );
    await waitFor(() => useCashier.getState().charge?.status === 'PAID');
    await waitFor(() => usePayments.getState().news.length > 0);
    expect(usePayments.getState().news).toEqual([
      { id: abandoned.id, amountCents: 5656, paidAfter: 'CANCELED' },
    ]);
    usePayments.getState().dismiss(abandoned.id);
    expect(usePayments.getState().news).toEqual([]);
  });
});
