// Memory when open charges reach their local expiry together (issue 35, "memory per open
// charge"): the host benchmark's open charges grew its settled RSS when they hit their 15-minute
// expiry. Here the app's services (createAppCore on the PSP sandbox, status query off, as the
// host benchmark runs) hold BENCH_EXPIRY_N (10,000 then 30,000) pending charges already due (written to the ledger as
// the charge service writes them), then the expiry turns them all EXPIRED; settled RSS (full
// GC, idle, GC; the lowest of three looks) before and after (the expiry ticks' passes back to back). A warm-up round first (JIT, SQLite's
// page cache, V8's pools).
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import type { ChargeRecord } from '../electron/services/ledger/charges-repo';
import { coreOn } from '../test/helpers/core';
import { sandboxProcess } from '../test/helpers/sandbox-process';
import { figure } from './figures';
import { machine } from './helpers';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const SIZES = (process.env.BENCH_EXPIRY_N ?? '10000,30000').split(',').map(Number);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = 2 ** 20;

const sb = await sandboxProcess();
const { core, events } = await coreOn(sb.baseUrl, { statusQuery: false });
/** Settled: full GC, idle, GC; the lowest RSS of three looks (the young generation swings). */
async function settled() {
  let low = Infinity;
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(300);
    gc();
    low = Math.min(low, process.memoryUsage().rss);
  }
  return low;
}
let round = 0;
function dueCharges(N: number) {
  const at = Date.now();
  round++;
  for (let i = 0; i < N; i++) {
    const id = `burst-${round}-${i}`;
    const c: ChargeRecord = {
      id,
      externalId: `ext-${id}`,
      pspTransactionId: `tx-${id}`,
      operation: 'deposit',
      amountCents: 1_000 + (i % 500),
      status: 'PENDING',
      flags: [],
      deferred: [],
      attempts: 1,
      terminalId: core.terminalId,
      demo: false,
      createdAt: at - 16 * 60_000,
      updatedAt: at - 16 * 60_000,
      expiresAt: at - 60_000 + (i % 1000), // many at the same millisecond: pages must not skip
    } as ChargeRecord;
    core.ledger.charges.insert(c, { to: 'PENDING', source: 'bench', at: c.createdAt });
  }
}
try {
  /** Every due charge expired: the ticks' passes (each at most 1,000) back to back. */
  const expireAll = () => {
    let n = 0;
    for (let k; (k = core.charges.expireDue()) > 0;) n += k;
    return n;
  };
  dueCharges(SIZES[0]!);
  expireAll();
  events.length = 0; // the test helper's own record of events, not the app's
  console.log(`  ${machine()}`);
  for (const N of SIZES) {
    dueCharges(N);
    const before = await settled();
    const t = performance.now();
    const expired = expireAll();
    const took = performance.now() - t;
    events.length = 0;
    const after = await settled();
    if (expired !== N) throw new Error(`expired ${expired} of ${N}`);
    const growth = (after - before) / MiB;
    console.log(
      `  ${N} due charges expired (${(took / 1000).toFixed(1)} s): settled RSS ${(before / MiB).toFixed(1)} → ${(after / MiB).toFixed(1)} MiB`,
    );
    figure({
      name: `${N} open charges reaching their expiry together: settled RSS growth`,
      value: Math.round(growth * 10) / 10,
      unit: 'MiB',
      target: ['<', 5],
      note: `${((growth * 1024) / N).toFixed(2)} KiB per charge; expiring took ${(took / 1000).toFixed(1)} s`,
    });
  }
} finally {
  await core.stop();
  await sb.close();
}
