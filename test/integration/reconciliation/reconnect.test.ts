import { describe, expect, it } from 'vitest';
import { payer } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// Issue 21, item 4: a payment made while the callback stream was down reaches the screen as soon
// as the stream is back (every open charge is asked about at once), not at the next backoff.
const env = terminalForFile();

describe('the callback stream comes back', () => {
  it('a charge paid while it was down is Pago within 2 s of its return', async () => {
    const c = await env.core.charges.create({ amountCents: 4321, payer });
    if (!c.ok) throw new Error(c.message);
    const stream = (state: 'connected' | 'reconnecting') =>
      env.core.events.emit('connection:changed', { state, since: Date.now() });
    stream('connected');
    stream('reconnecting'); // lost: every open charge is asked about once (still pending)
    await env.core.reconciler.run();
    // The callback is lost with the stream: the sandbox sends none.
    env.sb.ctx.callbacks.close();
    const id = (
      (await env.sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>
    ).find((x) => x.externalId === c.value.externalId)!.id;
    await env.sb.control('POST', `/charges/${id}/pay`);
    expect(env.core.charges.get(c.value.id)).toMatchObject({ value: { status: 'PENDING' } });
    stream('connected');
    await waitFor(() => {
      const v = env.core.charges.get(c.value.id);
      return v.ok && v.value.status === 'PAID';
    }, 2_000);
  });
});
