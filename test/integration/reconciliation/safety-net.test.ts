import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreOn, payer } from '../../helpers/core';
import { sandbox, type TestSandbox } from '../../helpers/sandbox';

// Issue 21, item 4: while callbacks flow, a pending charge's news comes by callback, so polling
// it is a safety net (first after 15 s): new pending charges do not spend the status query's
// minute that an uncertain create at the counter waits for. When the stream is lost, every
// open charge is asked about at once.
let sb: TestSandbox;
let t: Awaited<ReturnType<typeof coreOn>>;

beforeAll(async () => {
  sb = await sandbox();
  t = await coreOn(sb.baseUrl);
  await t.core.start();
});
afterAll(async () => {
  await t.core.stop();
  await sb.close();
});

describe('pending charges while callbacks flow', () => {
  it('are not polled at once; all are asked about the moment the stream is lost', async () => {
    expect(t.core.connection().state).toBe('connected');
    const before = t.core.statusBudget.used();
    for (let i = 0; i < 10; i++) {
      const r = await t.core.charges.create({ amountCents: 700 + i, payer });
      expect(r.ok && r.value.status).toBe('PENDING');
    }
    await t.core.reconciler.run();
    expect(t.core.statusBudget.used() - before).toBe(0);
    t.core.events.emit('connection:changed', { state: 'reconnecting', since: Date.now() });
    await t.core.reconciler.run();
    expect(t.core.statusBudget.used() - before).toBeGreaterThanOrEqual(10);
  });
});
