import { describe, expect, it } from 'vitest';
import { chargesCsv } from '../../../shared/domain/charges-csv';
import type { ChargeView } from '../../../shared/views';
import { coreOn, payer } from '../../helpers/core';

import { signedCallback } from '../../helpers/terminal';
import { today } from '../../helpers/core';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

// Issue 20, item 3: a correctly signed PAID for another amount is never plain `Pago`; what
// arrived is on the charge, in Histórico (filterable), in the CSV and in Fechamento. A paid
// callback whose amount is not money is refused with a reason.
const env = sandboxForFile();

type Core = Awaited<ReturnType<typeof coreOn>>;
const create = async (t: Core, amountCents: number) => {
  const c = await t.core.charges.create({ amountCents, payer });
  if (!c.ok) throw new Error(c.message);
  return c.value;
};
const shownAs = (t: Core, id: string) =>
  t.events
    .filter((e) => e.event === 'charges:updated' && (e.payload as ChargeView).id === id)
    .map((e) => (e.payload as ChargeView).status);
const paidNews = (t: Core, id: string) =>
  t.events
    .filter((e) => e.event === 'charges:paid')
    .map((e) => (e.payload as { charge: ChargeView }).charge)
    .filter((c) => c.id === id);

describe('a signed PAID callback for another amount', () => {
  it('underpaid and overpaid: their own state with what arrived, in Histórico, CSV and Fechamento', async () => {
    const t = await coreOn(env.sb.baseUrl);
    const under = await create(t, 5_678);
    const over = await create(t, 1_000);
    const exact = await create(t, 2_000);
    for (const [c, amount] of [
      [under, 0.01],
      [over, 15],
      [exact, 20],
    ] as const) {
      const r = await t.core.intake.handle(
        signedCallback({ transactionId: c.externalId, status: 'PAID', amount }),
        'test',
      );
      expect(r).toMatchObject({ accepted: true, outcome: 'applied' });
    }
    expect(t.core.charges.get(under.id)).toMatchObject({
      ok: true,
      value: {
        status: 'PAID_DIFFERENT_AMOUNT',
        amountCents: 5_678,
        receivedCents: 1,
        notice: { code: 'PAID_AMOUNT_MISMATCH' },
      },
    });
    expect(t.core.charges.get(over.id)).toMatchObject({
      value: { status: 'PAID_DIFFERENT_AMOUNT', amountCents: 1_000, receivedCents: 1_500 },
    });
    expect(t.core.charges.get(exact.id)).toMatchObject({
      value: { status: 'PAID', receivedCents: 2_000 },
    });
    // The screens never see it as PAID; its news names the state and what arrived.
    expect(shownAs(t, under.id)).not.toContain('PAID');
    expect(paidNews(t, under.id)).toMatchObject([
      { status: 'PAID_DIFFERENT_AMOUNT', receivedCents: 1 },
    ]);

    // Histórico: its own filter; the PAID filter does not list it.
    const page = (status?: 'PAID' | 'PAID_DIFFERENT_AMOUNT') => {
      const r = t.core.history.page({
        day: today(),
        page: 1,
        perPage: 50,
        ...(status && { status }),
      });
      if (!r.ok) throw new Error(r.message);
      return r.value.items;
    };
    expect(
      page('PAID_DIFFERENT_AMOUNT')
        .map((c) => c.id)
        .sort(),
    ).toEqual([under.id, over.id].sort());
    expect(page('PAID').map((c) => c.id)).toEqual([exact.id]);

    // The CSV: charged vs received, the net from what arrived.
    const csv = chargesCsv(page(), { status: (s) => s, yes: 'Sim', no: 'Não' }).split('\r\n');
    const row = (externalId: string) => csv.find((l) => l.startsWith(`${externalId};`))!;
    expect(row(under.externalId)).toMatch(/;56,78;0,01;[^;]*;[\d,]+;PAID_DIFFERENT_AMOUNT;/);
    expect(row(over.externalId)).toMatch(/;10,00;15,00;[^;]*;[\d,]+;PAID_DIFFERENT_AMOUNT;/);

    // Fechamento counts what arrived: R$ 0,01 + R$ 15,00 + R$ 20,00, not R$ 86,78.
    const closing = t.core.history.closing(today());
    if (!closing.ok) throw new Error(closing.message);
    expect(closing.value.live.received).toMatchObject({
      count: 3,
      amountCents: 1 + 1_500 + 2_000,
      differentCount: 2,
      differentChargedCents: 5_678 + 1_000,
      differentReceivedCents: 1 + 1_500,
    });
    // After a restart (the ledger read back), still the same.
    expect(t.core.ledger.charges.get(under.id)).toMatchObject({
      status: 'PAID_DIFFERENT_AMOUNT',
      receivedCents: 1,
    });
    await t.core.stop();
  });

  it('a status query answer with another amount (the sandbox payer paid R$ 5,00) is not Pago either', async () => {
    const t = await coreOn(env.sb.baseUrl);
    const c = await create(t, 5_678);
    const pay = await env.sb.control('POST', `/charges/${c.externalId}/pay`, { amount: 5 });
    expect(pay.status).toBe(200);
    const r = await t.core.charges.recheck(c.id);
    expect(r).toMatchObject({
      ok: true,
      value: { status: 'PAID_DIFFERENT_AMOUNT', amountCents: 5_678, receivedCents: 500 },
    });
    await t.core.stop();
  });
});

describe('a paid callback whose amount is not money is refused with its reason, never Pago', () => {
  it.each([
    ['R$ 0,00', 0, 'CALLBACK_AMOUNT_ZERO'],
    ['"0.00"', '0.00', 'CALLBACK_AMOUNT_ZERO'],
    ['negative', -56.78, 'CALLBACK_AMOUNT_NEGATIVE'],
    ['not a number', 'cinquenta', 'CALLBACK_AMOUNT_INVALID'],
    ['a boolean', true, 'CALLBACK_AMOUNT_INVALID'],
    ['fractions of a cent', 56.785, 'CALLBACK_AMOUNT_INVALID'],
  ])('%s', async (_, amount, code) => {
    const t = await coreOn(env.sb.baseUrl);
    const c = await create(t, 5_678);
    const r = await t.core.intake.handle(
      signedCallback({ transactionId: c.externalId, status: 'PAID', amount }),
      'test',
    );
    expect(r).toEqual({ accepted: false, code });
    expect(t.core.charges.record(c.id)).toMatchObject({ status: 'PENDING' });
    expect(t.core.charges.record(c.id)!.receivedCents).toBeUndefined();
    expect(paidNews(t, c.id)).toEqual([]);
    expect(t.core.ledger.events.rejections()[code]).toBe(1);
    // Kept and shown to the owner with its reason (Saúde's list, the notice).
    expect(t.core.refusals.today()).toMatchObject({ count: 1, reason: code });
    // The PSP's corrected resend is applied.
    const fixed = await t.core.intake.handle(
      signedCallback({ transactionId: c.externalId, status: 'PAID', amount: 56.78 }),
      'test',
    );
    expect(fixed).toMatchObject({ accepted: true, outcome: 'applied' });
    expect(t.core.charges.record(c.id)).toMatchObject({ status: 'PAID', receivedCents: 5_678 });
    await t.core.stop();
  });

  it('a status that is not a payment is not refused for its amount (an expiry with amount 0)', async () => {
    const t = await coreOn(env.sb.baseUrl);
    const c = await create(t, 5_678);
    const r = await t.core.intake.handle(
      signedCallback({ transactionId: c.externalId, status: 'EXPIRED', amount: 0 }),
      'test',
    );
    expect(r).toMatchObject({ accepted: true, outcome: 'applied' });
    expect(t.core.charges.record(c.id)).toMatchObject({ status: 'EXPIRED' });
    await t.core.stop();
  });
});
