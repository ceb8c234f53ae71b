import { describe, expect, it } from 'vitest';
import type { ChargeRecord } from '../../../electron/services/ledger/charges-repo';
import { chargeRecord } from '../../helpers/charge-record';
import { payer } from '../../helpers/core';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// Issue 35: a relay that hangs up the event stream every second, with thousands of charges open.
// Each drop and each return asks about every open charge again (reconnect.test.ts); that must
// cost a stamp, not state per open charge: the host grew +86 to +193 MiB in a minute of drops
// with 25,000 open (a plan per open charge, and every charge read into one array per pass).
const env = terminalForFile();
const OPEN = 2_000;

describe('the stream dropped again and again with many charges open', () => {
  it('keeps plans only for the charges it asked about (a minute of budget), newest first', async () => {
    const at = Date.now();
    // Open charges the PSP does not know (answered "not found": asked, then backed off).
    for (let i = 0; i < OPEN; i++) {
      const c: ChargeRecord = {
        ...chargeRecord(`o${i}`, 'PENDING', at + 900_000),
        createdAt: at - OPEN + i,
      };
      env.core.ledger.charges.insert(c, { to: 'PENDING', source: 'test', at });
    }
    // Three sales paid while the stream is down (their callbacks lost): the newest, asked first.
    env.sb.ctx.callbacks.close();
    const sales: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await env.core.charges.create({ amountCents: 500 + i, payer });
      if (!c.ok) throw new Error(c.message);
      sales.push(c.value.id);
      const list = (await env.sb.control('GET', '/charges')).body as Array<{
        id: string;
        externalId: string;
      }>;
      await env.sb.control(
        'POST',
        `/charges/${list.find((x) => x.externalId === c.value.externalId)!.id}/pay`,
      );
    }
    const stream = (state: 'connected' | 'reconnecting') =>
      env.core.events.emit('connection:changed', { state, since: Date.now() });
    stream('connected');
    for (let drop = 0; drop < 60; drop++) {
      stream('reconnecting');
      stream('connected');
    }
    await env.core.reconciler.run();
    const budget = env.core.statusBudget.limit();
    const planned = env.core.reconciler.plannedCount();
    expect(planned).toBeGreaterThan(0);
    expect(planned).toBeLessThanOrEqual(budget);
    expect(env.core.statusBudget.used()).toBeLessThanOrEqual(budget);
    for (const id of sales)
      expect(env.core.charges.get(id)).toMatchObject({ value: { status: 'PAID' } });
  });
});
