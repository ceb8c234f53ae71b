// Where a host's memory goes, step by step (issue 35): not a benchmark (`npm run bench` skips it),
// a probe to run by hand: `node --import tsx bench/host-memory-probe.ts`. It starts the sandbox
// and the development host as host.bench.ts does (status query off, embedded relay), then runs
// steps of BENCH_PROBE_STEP charges (2000) in the order BENCH_PROBE_PLAN names
// (mixed,mixed,open,paid,open,paid: `mixed` pays two in three and leaves the rest open), and
// after each prints the settled RSS and how each kind of mapping in /proc/<pid>/smaps moved:
// `[heap]` (glibc's main heap), anonymous mappings under 1 MiB (V8's pages are 256 KiB), of 1 to
// 64 MiB, of 64 MiB and more (glibc's thread arenas), files and libraries; and the thread count.
// Every wait is bounded (a previous heap probe hung on an unbounded one).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost } from '../test/helpers/devhost';
import { sandboxProcess, settledLook } from './helpers';

const STEP = Number(process.env.BENCH_PROBE_STEP ?? 2000);
const PLAN = (process.env.BENCH_PROBE_PLAN ?? 'mixed,mixed,open,paid,open,paid').split(',');
const sb = await sandboxProcess();
const host = await startHost(
  ['--psp', sb.baseUrl, '--status-query', ''],
  {
    BALCAO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'balcao-probe-')),
    BALCAO_CLIENT_ID: 'demo-client-id',
    BALCAO_CLIENT_SECRET: 'demo-client-secret',
  },
  { nodeFlags: ['--expose-gc'], logs: false },
);
const pid = host.child.pid!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident KiB by kind of mapping, the thread count and VmRSS. */
function mappings(): Record<string, number> {
  const out: Record<string, number> = {};
  let kind = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const kib = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024;
      const name = head[3] ?? '';
      kind = name.startsWith('/')
        ? /\.(so|node)\b/.test(name)
          ? 'libraries'
          : 'files'
        : name || (kib >= 65536 ? 'anon ≥ 64M' : kib >= 1024 ? 'anon 1–64M' : 'anon < 1M');
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]);
  }
  out.threads = readdirSync(`/proc/${pid}/task`).length;
  out.VmRSS = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return out;
}
/**
 * As host.bench.ts's settled look: a full GC (SIGUSR2), idle, another GC; the lowest VmRSS of
 * three such looks (one look alone swings by V8's young generation, up to ~26 MiB).
 */
const settled = () => settledLook(host.child, mappings, (look) => look.VmRSS!);
type View = { id: string; externalId: string; status: string };
const payer = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '5511912345678',
};
const create = async () => {
  const r = (await host.call<View>('charges:create', { amountCents: 1234, payer })) as {
    ok: boolean;
    value?: View;
  };
  if (!r.ok || !r.value) throw new Error(JSON.stringify(r));
  return r.value;
};
const pay = async (c: View) => {
  const res = await fetch(`${sb.origin}/__sandbox/charges/${c.externalId}/pay`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
};
const paidUpdates = () =>
  host.events.filter((e) => e.event === 'charges:updated' && (e.payload as View).status === 'PAID')
    .length;

let prev = await settled();
console.log(`start: ${(prev.VmRSS! / 1024).toFixed(1)} MiB ${JSON.stringify(prev)}`);
for (const kind of PLAN) {
  const t = performance.now();
  const paidBefore = paidUpdates();
  let paid = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next++ < STEP) {
        const c = await create();
        if (kind === 'paid' || (kind === 'mixed' && next % 3 !== 0)) {
          paid++;
          await pay(c);
        }
      }
    }),
  );
  // Every payment seen by the host (bounded: 2 minutes).
  for (const end = Date.now() + 120_000; paidUpdates() - paidBefore < paid && Date.now() < end;)
    await sleep(100);
  const now = await settled();
  const moved = Object.entries(now)
    .map(([k, v]) => [k, v - (prev[k] ?? 0)] as const)
    .filter(([, d]) => d !== 0);
  const s = ((performance.now() - t) / 1000).toFixed(0);
  console.log(
    `${kind} ${STEP} (${s} s): settled ${(now.VmRSS! / 1024).toFixed(1)} MiB; moved KiB ${JSON.stringify(Object.fromEntries(moved))}`,
  );
  prev = now;
}
await host.stop();
sb.child.kill();
process.exit(0);
