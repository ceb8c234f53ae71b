import { afterEach, describe, expect, it, vi } from 'vitest';
import { Ledger } from '../../../../../electron/services/ledger/ledger';
import { QueryBudget } from '../../../../../electron/services/psp/status-query-gate';
import { ReceivedPixReconciler } from '../../../../../electron/services/reconciliation/received-pix';
import { ok } from '../../../../../shared/result';

// How often the received-PIX list is read: the setting's period, never beyond the shared
// request budget, off at 0. An in-memory PSP counts the pages asked for.
afterEach(() => vi.useRealTimers());

function reconciler(o: { everyMs: () => number; perMinute: number }) {
  let now = Date.parse('2026-11-26T12:00:00Z');
  const pages: number[] = [];
  const budget = new QueryBudget(
    () => o.perMinute,
    () => now,
  );
  const r = new ReceivedPixReconciler({
    ledger: Ledger.open(':memory:'),
    applyStatus: () => 'noop',
    psp: () => ({
      receivedPix: async (_i, _f, page) => {
        pages.push(page);
        return ok({ pix: [], pages: 1 });
      },
    }),
    budget,
    reserve: () => 0,
    txidOf: (id) => id,
    everyMs: o.everyMs,
    now: () => now,
  });
  return { r, pages, tick: (ms: number) => (now += ms) };
}

describe('reading the received-PIX list on a schedule', () => {
  it('reads it once per period of the setting', async () => {
    vi.useFakeTimers();
    const { r, pages, tick } = reconciler({ everyMs: () => 300_000, perMinute: 60 });
    r.start();
    for (let i = 0; i < 3; i++) {
      tick(300_000);
      await vi.advanceTimersByTimeAsync(300_000);
    }
    r.stop();
    expect(pages).toHaveLength(3);
  });

  it('0 turns it off', async () => {
    vi.useFakeTimers();
    const { r, pages } = reconciler({ everyMs: () => 0, perMinute: 60 });
    r.start();
    await vi.advanceTimersByTimeAsync(3_600_000);
    r.stop();
    expect(pages).toHaveLength(0);
  });

  it('never beyond the budget: a spent minute asks nothing', async () => {
    const { r, pages } = reconciler({ everyMs: () => 60_000, perMinute: 1 });
    expect((await r.run()).ok).toBe(true);
    expect(await r.run()).toMatchObject({ ok: false, code: 'STATUS_QUERY_BUDGET' });
    expect(pages).toHaveLength(1);
  });
});
