import { describe, expect, it } from 'vitest';
import { payer } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';
import { today } from '../../helpers/core';

const env = terminalForFile();

describe('Devolver with the family kind (no refund route): a withdrawal linked to the sale', () => {
  it('goes to the key the owner typed, follows the withdrawal, and Fechamento counts it that day', async () => {
    const c = await env.core.charges.create({ amountCents: 3000, payer });
    if (!c.ok) throw new Error(c.message);
    const psp = env.core.charges.record(c.value.id)!.pspTransactionId!;
    await env.sb.control('POST', `/charges/${psp}/pay`);
    await waitFor(() => env.core.charges.record(c.value.id)!.status === 'PAID');
    expect(env.core.refunds.forCharge(c.value.id)).toMatchObject({
      ok: true,
      value: { via: 'withdrawal', refundableCents: 3000 },
    });
    // The API Pix route is refused in words; the withdrawal route is offered.
    expect(
      await env.core.refunds.request({ chargeId: c.value.id, amountCents: 1000 }),
    ).toMatchObject({ ok: false, code: 'REFUND_NOT_OFFERED' });
    const over = await env.core.refunds.requestByWithdrawal({
      chargeId: c.value.id,
      amountCents: 3001,
      pixKeyType: 'EMAIL',
      pixKey: 'ana@padaria.com.br',
    });
    expect(over).toMatchObject({ ok: false, code: 'REFUND_EXCEEDS_REMAINING' });
    expect(env.core.withdrawals.list()).toHaveLength(0);

    const r = await env.core.refunds.requestByWithdrawal({
      chargeId: c.value.id,
      amountCents: 1200,
      pixKeyType: 'EMAIL',
      pixKey: 'ana@padaria.com.br',
    });
    expect(r).toMatchObject({ ok: true, value: { status: 'PROCESSING', via: 'withdrawal' } });
    const w = env.core.withdrawals.list()[0]!;
    expect(w).toMatchObject({ amountCents: 1200, pixKeyType: 'EMAIL' });
    const pspW = (
      (await env.sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>
    ).find((x) => x.externalId === w.externalId)!;
    await env.sb.control('POST', `/withdrawals/${pspW.id}/complete`);
    await waitFor(() => {
      const f = env.core.refunds.forCharge(c.value.id);
      return f.ok && f.value.refunds[0]?.status === 'REFUNDED';
    });
    expect(env.core.refunds.forCharge(c.value.id)).toMatchObject({
      ok: true,
      value: { refundableCents: 1800 },
    });
    const closing = env.core.history.closing(today());
    if (!closing.ok) throw new Error(closing.message);
    expect(closing.value.live.refunded).toEqual({ count: 1, amountCents: 1200 });
  });
});
