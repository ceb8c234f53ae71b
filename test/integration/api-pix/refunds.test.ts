import { describe, expect, it } from 'vitest';
import { dayRange } from '../../../shared/domain/day-closing';
import { formatBRL } from '../../../shared/domain/money';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
  type ApiPixSandbox,
  type ApiPixTerminal,
} from '../../helpers/api-pix-for-file';
import { today } from '../../helpers/core';

/** A sale paid at the sandbox and seen Pago by the status query. */
async function paidSale(t: ApiPixTerminal, sb: ApiPixSandbox, cents: number) {
  const c = await apiPixCharge(t, cents);
  await sb.control('POST', `/pay/${c.txid}`);
  expect(await t.core.charges.recheck(c.id)).toMatchObject({
    ok: true,
    value: { status: 'PAID' },
  });
  const e2e = sb.state.cobs.get(c.txid)!.pix[0]!.endToEndId;
  return { id: c.id, txid: c.txid, e2e };
}

const refundStatus = (t: ApiPixTerminal, id: string) => {
  const r = t.core.refunds.forCharge(id);
  return r.ok ? r.value.refunds.map((x) => x.status) : [];
};

describe('devolução through the app (API Pix sandbox over mutual TLS)', () => {
  const env = apiPixSandboxForFile({ refundSettleMs: 300 });

  it(
    'a sale paid with another amount gives back what arrived, never the price',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 5678);
      await env.sb.control('POST', `/pay/${c.txid}`, { valor: '0.01' });
      expect(await t.core.charges.recheck(c.id)).toMatchObject({
        ok: true,
        value: { status: 'PAID_DIFFERENT_AMOUNT' },
      });
      expect(t.core.refunds.forCharge(c.id)).toMatchObject({
        ok: true,
        value: { refundableCents: 1 },
      });
      const before = env.sb.state.refundRequests.length;
      const price = await t.core.refunds.request({ chargeId: c.id, amountCents: 5678 });
      expect(price).toMatchObject({ ok: false });
      expect(env.sb.state.refundRequests.length).toBe(before); // nothing sent
      const back = await t.core.refunds.request({ chargeId: c.id, amountCents: 1 });
      expect(back).toMatchObject({ ok: true, value: { amountCents: 1 } });
    }),
  );

  it(
    'partial then full: EM_PROCESSAMENTO, then DEVOLVIDO; nothing left; Fechamento counts both that day',
    onApiPixTerminal(env, async (t) => {
      const sale = await paidSale(t, env.sb, 5000);
      const first = await t.core.refunds.request({ chargeId: sale.id, amountCents: 2000 });
      expect(first).toMatchObject({ ok: true, value: { status: 'PROCESSING', amountCents: 2000 } });
      await expect.poll(() => refundStatus(t, sale.id), { timeout: 5_000 }).toEqual(['REFUNDED']);
      expect(t.core.refunds.forCharge(sale.id)).toMatchObject({
        ok: true,
        value: { refundableCents: 3000, via: 'devolucao' },
      });

      const rest = await t.core.refunds.request({ chargeId: sale.id, amountCents: 3000 });
      expect(rest).toMatchObject({ ok: true, value: { status: 'PROCESSING' } });
      await expect
        .poll(() => refundStatus(t, sale.id), { timeout: 5_000 })
        .toEqual(['REFUNDED', 'REFUNDED']);
      // The PSP holds both, under our ids, for the payment's end-to-end id.
      const at = env.sb.state.pix.get(sale.e2e)!;
      expect(at.devolucoes.map((d) => [d.valorCents, d.status])).toEqual([
        [2000, 'DEVOLVIDO'],
        [3000, 'DEVOLVIDO'],
      ]);
      expect(t.events.some((e) => e.event === 'refunds:updated')).toBe(true);

      const more = await t.core.refunds.request({ chargeId: sale.id, amountCents: 1 });
      expect(more).toMatchObject({ ok: false, code: 'REFUND_NOTHING_LEFT' });

      // Histórico shows what went back on the sale's row; the sale stays Pago.
      const page = t.core.history.page({ day: today(), page: 1, perPage: 50 });
      const row = page.ok ? page.value.items.find((i) => i.id === sale.id) : undefined;
      expect(row).toMatchObject({ status: 'PAID', refundedCents: 5000 });

      const closing = t.core.history.closing(today());
      if (!closing.ok) throw new Error(JSON.stringify(closing));
      expect(closing.value.live.received.amountCents).toBe(5000);
      expect(closing.value.live.refunded).toEqual({ count: 2, amountCents: 5000 });
      expect(closing.value.live.received.netCents).toBe(0);
    }),
  );

  it(
    'a refund larger than what is left is refused in words and never sent',
    onApiPixTerminal(env, async (t) => {
      const sale = await paidSale(t, env.sb, 1000);
      expect((await t.core.refunds.request({ chargeId: sale.id, amountCents: 600 })).ok).toBe(true);
      const sends = env.sb.state.refundRequests.length;
      const r = await t.core.refunds.request({ chargeId: sale.id, amountCents: 401 });
      expect(r).toMatchObject({
        ok: false,
        code: 'REFUND_EXCEEDS_REMAINING',
        params: { remaining: formatBRL(400) },
      });
      expect(env.sb.state.refundRequests.length).toBe(sends);
      expect(refundStatus(t, sale.id)).toHaveLength(1);
    }),
  );

  it(
    'an answer lost: the same id is asked about, never sent twice, and the refund completes once',
    onApiPixTerminal(env, async (t) => {
      const sale = await paidSale(t, env.sb, 2500);
      await env.sb.control('PUT', '/faults', { refundLost: 1 });
      const r = await t.core.refunds.request({ chargeId: sale.id, amountCents: 2500 });
      expect(r).toMatchObject({ ok: true, value: { status: 'UNCERTAIN' } });
      await expect.poll(() => refundStatus(t, sale.id), { timeout: 5_000 }).toEqual(['REFUNDED']);
      const sent = env.sb.state.refundRequests.filter((x) => x.e2eid === sale.e2e);
      expect(sent).toHaveLength(1);
      expect(env.sb.state.pix.get(sale.e2e)!.devolucoes).toHaveLength(1);
      expect(env.sb.state.pix.get(sale.e2e)!.devolucoes[0]!.id).toBe(r.ok && r.value.id);
    }),
  );

  it(
    'a 429 on the devolução: refused in words, nothing refunded, the amount still refundable',
    onApiPixTerminal(env, async (t) => {
      const sale = await paidSale(t, env.sb, 800);
      // The received-PIX list records the payment's end-to-end id: the 429 meets the PUT itself.
      expect((await t.core.receivedPix.run()).ok).toBe(true);
      expect(t.core.charges.record(sale.id)?.endToEndId).toBe(sale.e2e);
      await env.sb.control('PUT', '/faults', { rateLimit: 1 });
      const r = await t.core.refunds.request({ chargeId: sale.id, amountCents: 800 });
      expect(r).toMatchObject({
        ok: true,
        value: { status: 'REFUSED', noticeCode: 'PSP_RATE_LIMITED' },
      });
      expect(env.sb.state.pix.get(sale.e2e)!.devolucoes).toHaveLength(0);
      expect(t.core.refunds.forCharge(sale.id)).toMatchObject({
        ok: true,
        value: { refundableCents: 800 },
      });
    }),
  );

  it(
    'a refund the PSP cannot complete ends NAO_REALIZADO and the money is refundable again',
    onApiPixTerminal(env, async (t) => {
      const sale = await paidSale(t, env.sb, 1500);
      await env.sb.control('PUT', '/faults', { refundFails: true });
      const r = await t.core.refunds.request({ chargeId: sale.id, amountCents: 1500 });
      expect(r).toMatchObject({ ok: true, value: { status: 'PROCESSING' } });
      await expect.poll(() => refundStatus(t, sale.id), { timeout: 5_000 }).toEqual(['NOT_DONE']);
      expect(t.core.refunds.forCharge(sale.id)).toMatchObject({
        ok: true,
        value: { refundableCents: 1500, refunds: [{ pspStatus: 'NAO_REALIZADO' }] },
      });
      const closing = t.core.history.closing(today());
      expect(closing.ok && closing.value.live.refunded.amountCents).toBe(0);
    }),
  );
});

describe('reconciliation by the received-PIX list', () => {
  const env = apiPixSandboxForFile();

  it(
    'a payment whose webhook never arrives (and no status query asked) is found and shown Pago',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 4200);
      await env.sb.control('POST', `/pay/${c.txid}`); // no webhook registered: none is delivered
      expect(t.core.charges.record(c.id)?.status).toBe('PENDING');
      // A background pass already in flight (it listed before the payment) is joined by run():
      // the pass after it is the one that sees the payment.
      let pass = await t.core.receivedPix.run();
      if (pass.ok && pass.value.applied === 0) pass = await t.core.receivedPix.run();
      expect(pass).toEqual({ ok: true, value: { applied: 1 } });
      const after = t.core.charges.record(c.id);
      expect(after?.status).toBe('PAID');
      expect(after?.endToEndId).toBe(env.sb.state.cobs.get(c.txid)!.pix[0]!.endToEndId);
      expect(t.events.some((e) => e.event === 'charges:paid')).toBe(true);
      // A second pass finds nothing new.
      expect(await t.core.receivedPix.run()).toEqual({ ok: true, value: { applied: 0 } });
    }),
  );

  it(
    'a 429 on the list pauses it for Retry-After: the next pass asks nothing until then',
    onApiPixTerminal(env, async (t) => {
      // One call answers 429 (the token is fetched first and answers normally).
      await env.sb.control('PUT', '/faults', { rateLimit: 1 });
      expect(await t.core.receivedPix.run()).toMatchObject({
        ok: false,
        code: 'PSP_RATE_LIMITED',
      });
      await env.sb.control('PUT', '/faults', {});
      expect(await t.core.receivedPix.run()).toMatchObject({
        ok: false,
        code: 'STATUS_QUERY_BUDGET',
      });
    }),
  );

  it(
    'Conferir com o PSP: "conferido" when the day agrees, the difference when it does not',
    onApiPixTerminal(env, async (t) => {
      const c = await apiPixCharge(t, 1100);
      await env.sb.control('POST', `/pay/${c.txid}`);
      expect((await t.core.charges.recheck(c.id)).ok).toBe(true);
      const ok1 = await t.core.receivedPix.check(dayRange(today()));
      if (!ok1.ok) throw new Error(JSON.stringify(ok1));
      expect(ok1.value).toMatchObject({ matches: true, differences: [] });
      expect(ok1.value.ledger.amountCents).toBe(ok1.value.psp.amountCents);

      // A payment of another amount lands on a second charge: the check names it.
      const d = await apiPixCharge(t, 700);
      await env.sb.control('POST', `/pay/${d.txid}`, { valor: '6.00' });
      const ko = await t.core.receivedPix.check(dayRange(today()));
      if (!ko.ok) throw new Error(JSON.stringify(ko));
      expect(ko.value.matches).toBe(false);
      expect(ko.value.differences).toEqual([{ chargeId: d.id, ledgerCents: 700, pspCents: 600 }]);
    }),
  );
});
