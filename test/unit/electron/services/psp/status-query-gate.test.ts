import { describe, expect, it } from 'vitest';
import {
  QueryBudget,
  StatusQueryGate,
} from '../../../../../electron/services/psp/status-query-gate';
import { err, ok, type Result } from '../../../../../shared/result';
import type { TransactionStatus } from '../../../../../electron/services/psp/replies';

const clock = () => {
  const c = { t: 1_000_000, now: () => c.t };
  return c;
};

describe('the shared status-query budget', () => {
  it('never lets more than the limit out in any minute, and frees slots as the minute slides', () => {
    const c = clock();
    const b = new QueryBudget(() => 60, c.now);
    let sent = 0;
    for (let i = 0; i < 500; i++) {
      if (b.tryTake()) sent++;
      c.t += 50; // 25 s in all
    }
    expect(sent).toBe(60);
    expect(b.nextAt()).toBe(1_000_000 + 60_000);
    c.t = 1_000_000 + 60_000;
    expect(b.tryTake()).toBe(true);
  });

  it('a 429 pauses every caller until Retry-After, and the gate never retries it itself', async () => {
    const c = clock();
    const budget = new QueryBudget(() => 60, c.now);
    let calls = 0;
    const gate = new StatusQueryGate({
      budget,
      now: c.now,
      query: async () => {
        calls++;
        return err('rate_limited', 'PSP_RATE_LIMITED', { retryAfterMs: 5_000 });
      },
    });
    const r = await gate.ask('a');
    expect(r).toMatchObject({ ok: false, code: 'PSP_RATE_LIMITED' });
    expect(calls).toBe(1);
    expect(budget.available()).toBe(0);
    const meanwhile = await gate.ask('b');
    expect(meanwhile).toMatchObject({ ok: false, code: 'STATUS_QUERY_BUDGET' });
    expect(calls).toBe(1);
    c.t += 5_000;
    expect(budget.available()).toBeGreaterThan(0);
  });

  it('questions about one charge in flight are one request (coalesced)', async () => {
    const c = clock();
    let calls = 0;
    let release: (r: Result<TransactionStatus>) => void = () => {};
    const gate = new StatusQueryGate({
      budget: new QueryBudget(() => 60, c.now),
      now: c.now,
      query: () => {
        calls++;
        return new Promise((r) => (release = r));
      },
    });
    const asks = Array.from({ length: 100 }, () => gate.ask('same'));
    release(ok({ status: 'PENDENTE' }));
    const answers = await Promise.all(asks);
    expect(calls).toBe(1);
    expect(answers.every((a) => a.ok && a.value.status === 'PENDENTE')).toBe(true);
  });
});

describe('priorities (issue 21)', () => {
  it('routine work never takes the reserve; a pending charge and an uncertain one still go', async () => {
    const c = clock();
    const budget = new QueryBudget(() => 20, c.now);
    const gate = new StatusQueryGate({
      budget,
      now: c.now,
      query: async () => ok({ status: 'PENDING' }),
    });
    let routine = 0;
    for (let i = 0; i < 100; i++) if ((await gate.ask(`closed-${i}`)).ok) routine++;
    expect(routine).toBe(8); // 60% of 20 kept for pending charges and for doubt
    expect(gate.available('routine')).toBe(0);
    expect(await gate.ask('pending', 0, 'counter')).toMatchObject({ ok: true });
    expect(await gate.ask('uncertain', 0, 'doubt')).toMatchObject({ ok: true });
  });

  it('a cashier waiting on an uncertain create goes before pending charges polled meanwhile', async () => {
    const c = clock();
    const budget = new QueryBudget(() => 10, c.now);
    const order: string[] = [];
    const sleepers: Array<() => void> = [];
    const gate = new StatusQueryGate({
      budget,
      now: c.now,
      sleep: () => new Promise<void>((r) => sleepers.push(r)),
      query: async (id) => {
        order.push(id);
        return ok({ status: 'PENDING' });
      },
    });
    const settle = () => new Promise((r) => setTimeout(r, 0));
    // Pending charges polled as a safety net leave half of the minute for doubt.
    let polled = 0;
    for (let i = 0; i < 20; i++) if ((await gate.ask(`pending-${i}`, 0, 'counter')).ok) polled++;
    expect(polled).toBe(5);
    for (let i = 0; i < 5; i++)
      expect(await gate.ask(`uncertain-${i}`, 0, 'doubt')).toMatchObject({ ok: true });
    // The minute is spent: a pending poll, then an uncertain create, wait for a slot.
    order.length = 0;
    const pending = gate.ask('pending-late', 120_000, 'counter');
    const uncertain = gate.ask('uncertain-late', 120_000, 'doubt');
    await settle();
    c.t += 60_000;
    // Sleepers wake in the order they slept (the pending poll first), until both are answered.
    for (let i = 0; i < 10 && order.length < 2; i++) {
      for (const wake of sleepers.splice(0)) {
        wake();
        await settle();
      }
    }
    await Promise.all([pending, uncertain]);
    expect(order).toEqual(['uncertain-late', 'pending-late']);
  });
});

describe('shutting down', () => {
  it('a caller waiting for a slot is answered at once when the gate closes', async () => {
    const gate = new StatusQueryGate({
      budget: new QueryBudget(() => 1),
      query: async () => ok({ status: 'PENDING' }),
    });
    expect(await gate.ask('first', 0, 'doubt')).toMatchObject({ ok: true });
    const started = Date.now();
    const waiting = gate.ask('second', 60_000, 'doubt');
    await new Promise((r) => setTimeout(r, 100));
    gate.close();
    expect(await waiting).toMatchObject({ ok: false, code: 'STATUS_QUERY_BUDGET' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
