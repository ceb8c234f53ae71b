import { checkBooks, settledBooks, type PspCharge } from './chaos-books';
import { operatorShifts } from './chaos-operators';
import { drawSale, rng } from './chaos-random';
import { coreOn, payer } from './core';
import { sandbox } from './sandbox';

/**
 * A seeded chaos run (issue 21, item 6), in one process: the app core on real SQLite against
 * the sandbox over HTTP, each sale under a random PSP fault, payers paying, paying twice (the
 * callback delivered twice), late after a cancel, or not at all; then recovery and the
 * invariants. The relay and `kill -9` of relay and app: `chaos-processes.ts`.
 */
export interface ChaosOptions {
  seed: number;
  charges: number;
  statusQuery: boolean;
  /** Three operators take turns at the counter; their shifts must add up too (issue 36). */
  operators?: boolean;
  log?: (line: string) => void;
  /** Each sale as it starts (the CLI prints it with --verbose). */
  progress?: (line: string) => void;
}

/** What both chaos runs (this one and the processes' one) count. */
export interface ChaosTally {
  seed: number;
  statusQuery: boolean;
  faults: Record<string, number>;
  paidAtPsp: number;
  paidHere: number;
  late: number;
  uncertainLeft: number;
  /** Faults gone (in the processes' run also relay and app up, the app reconnected, the PSP done redelivering) → every PSP-paid charge shown paid, nothing uncertain. */
  recoveryMs: number;
  violations: string[];
}

export interface ChaosReport extends ChaosTally {
  charges: number;
}

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const random = rng(o.seed);
  const sb = await sandbox();
  const t = await coreOn(sb.baseUrl, { statusQuery: o.statusQuery, resolveDelaysMs: [50, 100] });
  t.core.settings.update({ psp: { requestTimeoutMs: 600 } });
  const faults: Record<string, number> = {};
  const atPsp = async () => (await sb.control('GET', '/charges')).body as PspCharge[];
  const pay = (id: string) => sb.control('POST', `/charges/${id}/pay`);
  try {
    const shop = o.operators ? await operatorShifts(t.core) : null;
    for (let i = 0; i < o.charges; i++) {
      await shop?.turn(i);
      const sale = drawSale(random, faults);
      if (sale.faultBody) await sb.control('POST', '/faults', sale.faultBody);
      o.progress?.(`sale ${i}: ${sale.kind}`);
      const r = await t.core.charges.create({ amountCents: sale.amountCents, payer });
      await sb.control('DELETE', '/faults');
      if (!r.ok) continue;
      const psp = (await atPsp()).find((c) => c.externalId === r.value.externalId);
      const what = random();
      if (!psp) continue; // the PSP never processed it: nothing a payer could pay
      if (what < 0.4) await pay(psp.id);
      else if (what < 0.5) {
        await pay(psp.id);
        await pay(psp.id); // paying twice: the PSP refuses the second
      } else if (what < 0.6) {
        t.core.charges.cancel(r.value.id);
        await pay(psp.id); // after the cancel: a late payment
      } else if (what < 0.7) t.core.charges.cancel(r.value.id);
    }
    // Recovery: every fault gone; the app resolves what it doubts and catches up.
    const started = Date.now();
    await t.core.charges.recover();
    const settled = async () => {
      if (o.statusQuery) await t.core.reconciler.run();
      // With or without a status query (issue 20, item 4): no sale stays in doubt.
      return settledBooks(await atPsp(), t.core.charges.list({ limit: 100_000 }));
    };
    const until = Date.now() + 5_000;
    let ok = await settled();
    while (!ok && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      ok = await settled();
    }
    const recoveryMs = Date.now() - started;
    await t.core.charges.idle();
    const books = checkBooks(await atPsp(), t.core.charges.list({ limit: 100_000 }));
    if (shop) books.violations.push(...(await shop.close(await atPsp())));
    const report: ChaosReport = {
      seed: o.seed,
      charges: o.charges,
      statusQuery: o.statusQuery,
      faults,
      ...books,
      recoveryMs,
    };
    o.log?.(JSON.stringify(report));
    return report;
  } finally {
    await t.core.stop();
    await sb.close();
  }
}
