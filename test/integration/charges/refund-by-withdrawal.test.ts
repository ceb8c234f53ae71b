import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreOn, payer } from '../../helpers/core';
import { sandbox, waitFor, type TestSandbox } from '../../helpers/sandbox';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

let sb: TestSandbox;
let t: Awaited<ReturnType<typeof coreOn>>;
beforeAll(async () => {
  sb = await sandbox();
  t = await coreOn(sb.baseUrl);
});
afterAll(async () => {
  await t.core.stop();
  await sb.close();
});

describe('Devolver with the family kind (no refund route): a withdrawal linked to the sale', () => {
  it('goes to the key the owner typed, follows the withdrawal, and Fechamento counts it that day', async () => {
    const c = await t.core.charges.create({ amountCents: 3000, payer });
    if (!c.ok) throw new Error(c.message);
    const psp = t.core.charges.record(c.value.id)!.pspTransactionId!;
    await sb.control('POST', `/charges/${psp}/pay`);
    await waitFor(() => t.core.charges.record(c.value.id)!.status === 'PAID');
    expect(t.core.refunds.forCharge(c.value.id)).toMatchObject({
      ok: true,
      value: { via: 'withdrawal', refundableCents: 3000 },
    });
    // The API Pix route is refused in words; the withdrawal route is offered.
    expect(await t.core.refunds.request({ chargeId: c.value.id, amountCents: 1000 })).toMatchObject(
      { ok: false, code: 'REFUND_NOT_OFFERED' },
    );
    const over = await t.core.refunds.requestByWithdrawal({
      chargeId: c.value.id,
      amountCents: 3001,
      pixKeyType: 'EMAIL',
      pixKey: 'ana@padaria.com.br',
    });
    expect(over).toMatchObject({ ok: false, code: 'REFUND_EXCEEDS_REMAINING' });
    expect(t.core.withdrawals.list()).toHaveLength(0);

    const r = await t.core.refunds.requestByWithdrawal({
      chargeId: c.value.id,
      amountCents: 1200,
      pixKeyType: 'EMAIL',
      pixKey: 'ana@padaria.com.br',
    });
    expect(r).toMatchObject({ ok: true, value: { status: 'PROCESSING', via: 'withdrawal' } });
    const w = t.core.withdrawals.list()[0]!;
    expect(w).toMatchObject({ amountCents: 1200, pixKeyType: 'EMAIL' });
    const pspW = (
      (await sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>
    ).find((x) => x.externalId === w.externalId)!;
    await sb.control('POST', `/withdrawals/${pspW.id}/complete`);
    await waitFor(() => {
      const f = t.core.refunds.forCharge(c.value.id);
      return f.ok && f.value.refunds[0]?.status === 'REFUNDED';
    });
    expect(t.core.refunds.forCharge(c.value.id)).toMatchObject({
      ok: true,
      value: { refundableCents: 1800 },
    });
    const closing = t.core.history.closing(today());
    if (!closing.ok) throw new Error(closing.message);
    expect(closing.value.live.refunded).toEqual({ count: 1, amountCents: 1200 });
  });
});
