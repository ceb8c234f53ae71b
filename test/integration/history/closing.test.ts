import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { parseWireAmount } from '../../../shared/domain/money';
import type { DayClosingView } from '../../../shared/history';
import { coreOn, demoCore, payer, tempDir, today } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

const env = sandboxForFile();

const cents = (v: unknown) => {
  const r = parseWireAmount(v);
  if (!r.ok) throw new Error(String(v));
  return r.value;
};

describe('Fechamento do dia', () => {
  it('counts late payments and a canceled-then-paid charge as received: the total is what the sandbox was paid; DEMO apart', async () => {
    const dataDir = tempDir();
    // A DEMO session first on the same ledger (the shop tried the app before going live).
    const demo = await demoCore(dataDir);
    await demo.start();
    const d = await demo.charges.create({ amountCents: 99_999, payer });
    if (!d.ok) throw new Error(d.message);
    await demo.demo!.pay(demo.charges.record(d.value.id)!.pspTransactionId!);
    await waitFor(() => demo.charges.record(d.value.id)!.status === 'PAID');
    await demo.stop();

    const t = await coreOn(env.sb.baseUrl, { dataDir });
    t.core.settings.update({ terminalName: 'Caixa da frente', charges: { expiryMinutes: 1 } });
    const make = async (amountCents: number) => {
      const c = await t.core.charges.create({ amountCents, payer });
      if (!c.ok) throw new Error(c.message);
      return t.core.charges.record(c.value.id)!;
    };
    const pspPay = (psp: string) => env.sb.control('POST', `/charges/${psp}/pay`);
    const paid = await make(1_000);
    const late = await make(2_345);
    await pspPay(paid.pspTransactionId!);
    await waitFor(() => t.core.charges.record(paid.id)!.status === 'PAID');
    // Expired locally, paid afterwards.
    t.clock.offsetMs = 61_000;
    t.core.charges.expireDue();
    t.clock.offsetMs = 0;
    expect(t.core.charges.record(late.id)!.status).toBe('EXPIRED');
    const canceled = await make(3_050);
    const failed = await make(4_000);
    const pending = await make(5_000);
    await pspPay(late.pspTransactionId!);
    // Canceled by the cashier, paid by the payer anyway.
    expect((await t.core.charges.cancel(canceled.id)).ok).toBe(true);
    await pspPay(canceled.pspTransactionId!);
    await env.sb.control('POST', `/charges/${failed.pspTransactionId}/fail`);
    for (const c of [late, canceled])
      await waitFor(() => t.core.charges.record(c.id)!.flags.includes('LATE_PAYMENT'));
    await waitFor(() => t.core.charges.record(failed.id)!.status === 'FAILED');

    const r = await dispatch(
      createHandlers(t.core, 'browser'),
      'history:closing',
      {
        day: today(),
      },
      t.core.logger,
    );
    if (!r.ok) throw new Error(r.message);
    const closing = r.value as DayClosingView;

    const ours = new Set([paid, late, canceled, failed, pending].map((c) => c.externalId));
    const psp = (
      (await env.sb.control('GET', '/charges')).body as Array<{
        externalId: string;
        amount: number;
        status: string;
      }>
    ).filter((c) => ours.has(c.externalId) && c.status === 'PAID');
    const sandboxPaid = psp.reduce((s, c) => s + cents(c.amount), 0);
    expect(closing.live.received.amountCents).toBe(sandboxPaid);
    expect(closing.live.received).toMatchObject({
      count: 3,
      amountCents: 1_000 + 2_345 + 3_050,
      lateCount: 2,
      lateAmountCents: 2_345 + 3_050,
      feeUnknownCount: 0,
    });
    // Fees as the PSP's callbacks reported them; net = received − fees.
    const log = (await env.sb.control('GET', '/callbacks')).body as Array<{ body: string }>;
    const fees = log
      .map((e) => JSON.parse(e.body) as { external_id?: string; status: string; fee?: number })
      .filter((b) => b.status === 'PAID' && b.external_id && ours.has(b.external_id))
      .reduce((s, b) => s + cents(b.fee ?? 0), 0);
    expect(fees).toBeGreaterThan(0);
    expect(closing.live.received.feeCents).toBe(fees);
    expect(closing.live.received.netCents).toBe(sandboxPaid - fees);
    expect(closing.live.failed).toEqual({ count: 1, amountCents: 4_000 });
    expect(closing.live.pending).toEqual({ count: 1, amountCents: 5_000 });
    // The late ones are received, not filed under expired/canceled.
    expect(closing.live.expired.count + closing.live.canceled.count).toBe(0);
    expect(closing.live.total).toEqual({ count: 5, amountCents: 15_395 });
    expect(closing.demo.received).toMatchObject({ count: 1, amountCents: 99_999 });
    expect(closing.demo.total.count).toBe(1);
    expect(closing.terminalName).toBe('Caixa da frente');
    expect(closing.terminalId).toBe(t.core.terminalId);
    await t.core.stop();
  });

  it('money across midnight: created 23:58, paid 00:03 (one of them canceled, paid late) is received the next day; its creation day shows it as paid on another day', async () => {
    const t = await coreOn(env.sb.baseUrl);
    // The terminal's own clock (the services take it): 23:58 on a local day D.
    const setClock = (local: Date) => (t.clock.offsetMs = local.getTime() - Date.now());
    setClock(new Date(2026, 2, 10, 23, 58));
    const make = async (amountCents: number) => {
      const c = await t.core.charges.create({ amountCents, payer });
      if (!c.ok) throw new Error(c.message);
      return t.core.charges.record(c.value.id)!;
    };
    const midnight = await make(12_345);
    const late = await make(2_345);
    expect((await t.core.charges.cancel(late.id)).ok).toBe(true);
    // 00:03 on D+1: the payer pays both at the PSP; the app learns it (callback or status query).
    setClock(new Date(2026, 2, 11, 0, 3));
    for (const c of [midnight, late])
      await env.sb.control('POST', `/charges/${c.pspTransactionId}/pay`);
    const settled = () =>
      t.core.charges.record(midnight.id)!.status === 'PAID' &&
      t.core.charges.record(late.id)!.flags.includes('LATE_PAYMENT');
    for (let i = 0; i < 200 && !settled(); i++) {
      await t.core.reconciler.run();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(settled()).toBe(true);
    const closing = (day: string) => {
      const r = t.core.history.closing(day);
      if (!r.ok) throw new Error(r.message);
      return r.value.live;
    };
    const d = closing('2026-03-10');
    const d1 = closing('2026-03-11');

    // D explains both charges it created, and counts no money for them.
    expect(d.total).toEqual({ count: 2, amountCents: 14_690 });
    expect(d.paidOtherDay).toEqual({ count: 2, amountCents: 14_690 });
    expect(d.received).toMatchObject({ count: 0, amountCents: 0, feeCents: 0, netCents: 0 });
    expect(d.canceled.count + d.pending.count).toBe(0);
    // D+1 has the money: what the sandbox was paid, its fees, the late one apart.
    const ours = new Set([midnight, late].map((c) => c.externalId));
    const psp = (
      (await env.sb.control('GET', '/charges')).body as Array<{
        externalId: string;
        amount: number;
        status: string;
        fee?: number;
      }>
    ).filter((c) => ours.has(c.externalId) && c.status === 'PAID');
    expect(psp).toHaveLength(2);
    const sandboxPaid = psp.reduce((s, c) => s + cents(c.amount), 0);
    expect(d1.received).toMatchObject({
      count: 2,
      amountCents: sandboxPaid,
      lateCount: 1,
      lateAmountCents: 2_345,
      createdOtherDayCount: 2,
      createdOtherDayAmountCents: 14_690,
    });
    const fees = [midnight, late].reduce(
      (s, c) => s + (t.core.charges.record(c.id)!.feeCents ?? 0),
      0,
    );
    expect(fees).toBeGreaterThan(0);
    expect(d1.received.feeCents).toBe(fees);
    expect(d1.received.netCents).toBe(sandboxPaid - fees);
    expect(d1.total).toEqual({ count: 0, amountCents: 0 });
    // Together, the two days count the money exactly once.
    expect(d.received.amountCents + d1.received.amountCents).toBe(sandboxPaid);
    await t.core.stop();
  });

  it("lists the day's withdrawals", async () => {
    const t = await coreOn(env.sb.baseUrl);
    expect((await t.core.owner.setPin('2468')).ok).toBe(true);
    const w = await t.core.withdrawals.create({
      amountCents: 1_500,
      pixKeyType: 'EMAIL',
      pixKey: 'dono@padaria.com.br',
    });
    if (!w.ok) throw new Error(w.message);
    const r = t.core.history.closing(today());
    if (!r.ok) throw new Error(r.message);
    expect(r.value.withdrawals.total).toEqual({ count: 1, amountCents: 1_500 });
    await t.core.stop();
  });
});
