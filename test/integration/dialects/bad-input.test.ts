import { describe, expect, it } from 'vitest';
import { payer } from '../../helpers/core';
import { presetTerminalPerTest } from '../../helpers/sandbox-terminal';

// Bad input from a PSP of the family: a 2xx that says `success: false`, a callback naming no
// charge of ours.
const env = presetTerminalPerTest();

describe('bad input from the PSP', () => {
  it('bearer-snake: a 200 with success:false is a refusal, never a charge on screen', async () => {
    const { sb, t } = await env.open('bearer-snake');
    await sb.control('POST', '/faults', {
      route: 'POST /payments/deposit',
      kind: 'status',
      value: 422,
    });
    const r = await t.core.charges.create({ amountCents: 1500, payer });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.status).toBe('FAILED');
    expect(r.value.brcode).toBeUndefined();
    expect(r.value.notice).toMatchObject({ code: 'PSP_REFUSED', reason: 'PSP_REJECTED' });
  });

  it('cics-pt: a callback for an unknown id is recorded and ignored (no query spent)', async () => {
    const { sb, t } = await env.open('cics-pt');
    const res = await fetch(t.core.callbackUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionId: 999999, status: 'COMPLETO' }),
    });
    expect(res.status).toBe(200);
    const row = t.core.ledger.db
      .prepare('SELECT outcome FROM callback_events ORDER BY rowid DESC LIMIT 1')
      .get() as { outcome: string };
    expect(row.outcome).toMatch(/unknown/);
    const stats = (await sb.control('GET', '/stats')).body as { checks: { total: number } };
    expect(stats.checks.total).toBe(0);
  });
});
