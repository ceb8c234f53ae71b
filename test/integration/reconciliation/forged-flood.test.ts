import { describe, expect, it } from 'vitest';
import { RESERVE } from '../../../electron/services/psp/status-query-gate';
import { payer } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { presetTerminalPerTest } from '../../helpers/sandbox-terminal';

// Issue 21, item 4: under a flood of forged COMPLETO callbacks (confirm-by-query) naming charges
// closed here, routine reconciliation spends its share of the status-query budget, and a
// genuine payment at the counter still reaches `Pago` at once (the counter's reserve).
const env = presetTerminalPerTest();

describe('a forged flood does not starve the genuine payment', () => {
  it('Pago within 2 s while forged hints about 30 closed charges keep coming', async () => {
    const { sb, t } = await env.open('cics-pt');
    expect(t.core.settings.update({ psp: { statusQuery: { perMinute: 20 } } }).ok).toBe(true);
    await t.core.start();
    const pspIds = new Map<string, string>();
    const listed = async () =>
      (await sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>;
    const closed: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await t.core.charges.create({ amountCents: 200 + i, payer });
      if (!r.ok) throw new Error(r.message);
      t.core.charges.cancel(r.value.id);
      closed.push(r.value.externalId);
    }
    for (const c of await listed()) pspIds.set(c.externalId, c.id);
    const forge = (externalId: string, nonce: number) =>
      fetch(t.core.callbackUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          transactionId: Number(pspIds.get(externalId)),
          status: 'COMPLETO',
          nonce,
        }),
      }).catch(() => undefined);
    let flooding = true;
    let n = 0;
    const flood = (async () => {
      while (flooding) {
        await Promise.all(closed.map((id) => forge(id, n++)));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    // Routine work has spent what it may of the minute.
    await waitFor(() => t.core.statusBudget.available() <= Math.ceil(20 * RESERVE.routine), 10_000);

    const g = await t.core.charges.create({ amountCents: 5322, payer });
    if (!g.ok) throw new Error(g.message);
    expect(g.value.status).toBe('PENDING');
    const pspId = (await listed()).find((c) => c.externalId === g.value.externalId)!.id;
    await sb.control('POST', `/charges/${pspId}/pay`);
    const paid = await waitFor(() => {
      const v = t.core.charges.get(g.value.id);
      return v.ok && v.value.status === 'PAID' ? v.value : undefined;
    }, 2_000).finally(() => (flooding = false));
    await flood;
    expect(paid.amountCents).toBe(5322);
    // And no forged hint made anything Pago.
    for (const id of closed) {
      const c = t.core.charges.list({}).find((x) => x.externalId === id);
      expect(c?.status).toBe('CANCELED');
    }
  });
});
