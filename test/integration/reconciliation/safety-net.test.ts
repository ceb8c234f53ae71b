import { beforeAll, describe, expect, it } from 'vitest';
import { payer } from '../../helpers/core';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// Issue 21, item 4: while callbacks flow, a pending charge's news comes by callback, so polling
// it is a safety net (first after 15 s): new pending charges do not spend the status query's
// minute that an uncertain create at the counter waits for. When the stream is lost, every
// open charge is asked about at once.
const env = terminalForFile();
beforeAll(() => env.core.start());

describe('pending charges while callbacks flow', () => {
  it('are not polled at once; all are asked about the moment the stream is lost', async () => {
    expect(env.core.connection().state).toBe('connected');
    const before = env.core.statusBudget.used();
    for (let i = 0; i < 10; i++) {
      const r = await env.core.charges.create({ amountCents: 700 + i, payer });
      expect(r.ok && r.value.status).toBe('PENDING');
    }
    await env.core.reconciler.run();
    expect(env.core.statusBudget.used() - before).toBe(0);
    env.core.events.emit('connection:changed', { state: 'reconnecting', since: Date.now() });
    await env.core.reconciler.run();
    expect(env.core.statusBudget.used() - before).toBeGreaterThanOrEqual(10);
  });
});
