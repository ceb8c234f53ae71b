import { afterEach, describe, expect, it } from 'vitest';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { relayedApiPix } from '../../helpers/api-pix-relayed';
import { payer } from '../../helpers/core';

/**
 * Issue 33, Deliver 2: an API Pix webhook names the PIX (`endToEndId`); the app reads that PIX
 * from the bank (`GET /pix/{e2eid}`: a PIX found is settled, bacen/pix-api #81) — one call, not
 * `GET /cob` then `GET /pix?txid=` — and takes it only for our txid, our key and as the
 * charge's amount allows. The counter sweep is slowed here so that only the hint can tell.
 */
describe('a webhook naming its PIX’s endToEndId', () => {
  let env: Awaited<ReturnType<typeof relayedApiPix>> | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });
  const start = (faults = {}) => relayedApiPix(faults, { counterSweepMs: 3_600_000 });
  const askedSince = (from: number) =>
    env!.sb.state.requestLog.slice(from).map((r) => `${r.method} ${r.url.split('?')[0]}`);

  it('is resolved by GET /pix/{e2eid} alone, while GET /cob still lags: Pago with the amount', async () => {
    env = await start({ cobLagMs: 60_000 });
    const c = await env.t.core.charges.create({ amountCents: 4321, payer });
    if (!c.ok) throw new Error(JSON.stringify(c));
    const from = env.sb.state.requestLog.length;
    const pix = await env.sb.pay(txidFor(c.value.externalId));
    await expect
      .poll(() => env!.t.core.charges.get(c.value.id), { timeout: 10_000 })
      .toMatchObject({ value: { status: 'PAID', amountCents: 4321 } });
    expect(askedSince(from)).toEqual([`GET /v2/pix/${pix.endToEndId}`]);
  }, 60_000);

  it('a PIX of another amount is not Pago', async () => {
    env = await start();
    const c = await env.t.core.charges.create({ amountCents: 5000, payer });
    if (!c.ok) throw new Error(JSON.stringify(c));
    const from = env.sb.state.requestLog.length;
    const pix = await env.sb.pay(txidFor(c.value.externalId), 4000);
    await expect
      .poll(() => askedSince(from), { timeout: 10_000 })
      .toContain(`GET /v2/pix/${pix.endToEndId}`);
    await expect
      .poll(() => env!.t.core.charges.get(c.value.id).ok && env!.t.core.charges.get(c.value.id))
      .not.toMatchObject({ value: { status: 'PENDING' } });
    expect(env.t.core.charges.get(c.value.id)).not.toMatchObject({ value: { status: 'PAID' } });
  }, 60_000);

  it('a PIX to another key under our txid is not Pago (the cob, still unpaid, is asked)', async () => {
    env = await start();
    const c = await env.t.core.charges.create({ amountCents: 700, payer });
    if (!c.ok) throw new Error(JSON.stringify(c));
    const txid = txidFor(c.value.externalId);
    // A PIX the bank holds for another of its keys, named with our txid (two days old: outside
    // the received-PIX list's window, so only GET /pix/{e2eid} finds it).
    const e2e = `E00000000${'2'.repeat(12)}${'a'.repeat(11)}`;
    env.sb.state.pix.set(e2e, {
      endToEndId: e2e,
      txid,
      valorCents: 700,
      horario: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      chave: 'outra-chave@loja.com.br',
      devolucoes: [],
    });
    const from = env.sb.state.requestLog.length;
    const res = await fetch(`${env.hookUrl}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pix: [{ endToEndId: e2e, txid, valor: '7.00', horario: new Date().toISOString() }],
      }),
    });
    expect(res.status).toBeLessThan(300);
    await expect
      .poll(() => askedSince(from), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([`GET /v2/pix/${e2e}`, `GET /v2/cob/${txid}`]));
    expect(env.t.core.charges.get(c.value.id)).toMatchObject({ value: { status: 'PENDING' } });
  }, 60_000);
});
