// Charge creation through the development host (WebSocket → service → sandbox → ledger) vs the
// sandbox round trip alone; ledger write p99; host RSS idle and after 10,000 charges.
// Targets: the app adds under 3 ms p99; RSS grows under 20 MB over 10,000 charges.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ledger } from '../electron/services/ledger/ledger';
import { startHost } from '../test/helpers/devhost';
import { alternate, machine, ms, sandboxProcess, stats } from './helpers';

const N = 500;
const MANY = Number(process.env.BENCH_CHARGES ?? 10_000);
spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'ignore' });
const sb = await sandboxProcess();
const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-'));
// The host with --expose-gc (its SIGUSR2 runs a full GC) and its log lines discarded.
const host = await startHost(
  ['--psp', sb.baseUrl, '--status-query', ''],
  {
    BALCAO_DATA_DIR: dataDir,
    BALCAO_CLIENT_ID: 'demo-client-id',
    BALCAO_CLIENT_SECRET: 'demo-client-secret',
  },
  { nodeFlags: ['--expose-gc'], logs: false },
);
const rssKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${host.child.pid}/status`, 'utf8'))![1]);
/**
 * RSS once the host has settled: a full GC (SIGUSR2), 5 s idle so V8's memory reducer gives back
 * the young generation it grew under load, another GC. Retained memory counts; lazy collection
 * and heap reservations do not.
 */
const settledRssKb = async () => {
  host.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 5000));
  host.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
  return rssKb();
};
const call = (channel: string, payload: unknown) =>
  host.call<{ status: string }>(channel, payload) as Promise<{
    ok: boolean;
    value?: { status: string };
  }>;
const payer = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '5511912345678',
};
const viaHost = async () => {
  const r = await call('charges:create', { amountCents: 1234, payer });
  if (!r.ok || r.value?.status !== 'PENDING') throw new Error(JSON.stringify(r));
};
const login = await fetch(`${sb.baseUrl}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ client_id: 'demo-client-id', client_secret: 'demo-client-secret' }),
});
const token = ((await login.json()) as { access_token: string }).access_token;
let ext = 0;
const bare = async () => {
  const res = await fetch(`${sb.baseUrl}/payments/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      amount: 12.34,
      external_id: `bench-${ext++}`,
      clientCallbackUrl: 'http://127.0.0.1:1/cb',
      payer,
    }),
  });
  await res.json();
};

await new Promise((r) => setTimeout(r, 500));
// Idle: one GC only. Waiting for the memory reducer here would shrink the young generation
// just before the latency loop and make its first scavenges part of the measurement.
host.child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 500));
const rssIdle = rssKb();
const [hostMs, bareMs] = await alternate(N, 50, viaHost, bare);
const h = stats(hostMs);
const b = stats(bareMs);

// 10,000 charges (4 in flight), then the RSS again.
const rssBefore = await settledRssKb();
let done = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (done < MANY) {
      done++;
      await viaHost();
    }
  }),
);
const rssAfterRaw = rssKb();
const rssAfter = await settledRssKb();
await host.stop();
sb.child.kill();

// Ledger writes alone: the commit of a new charge row (WAL, synchronous=FULL).
const ledger = Ledger.open(
  path.join(mkdtempSync(path.join(tmpdir(), 'balcao-ledger-')), 'ledger.sqlite'),
);
const writes: number[] = [];
for (let i = 0; i < 2000; i++) {
  const at = Date.now();
  const t = performance.now();
  ledger.charges.insert(
    {
      id: `c${i}`,
      externalId: `e${i}`,
      operation: 'deposit',
      amountCents: 100,
      status: 'SUBMITTING',
      flags: [],
      deferred: [],
      attempts: 0,
      terminalId: 't',
      demo: false,
      createdAt: at,
      updatedAt: at,
      expiresAt: at,
    },
    { from: 'DRAFT', to: 'SUBMITTING', source: 'bench', at },
  );
  writes.push(performance.now() - t);
}
ledger.close();
const w = stats(writes);

console.log(`Charge creation through the development host — ${N} charges (${machine()})`);
console.log(`  host (WS → service → sandbox → ledger)  p50 ${ms(h.p50)}  p99 ${ms(h.p99)}`);
console.log(`  sandbox round trip alone                 p50 ${ms(b.p50)}  p99 ${ms(b.p99)}`);
console.log(
  `  the app adds p50 ${ms(h.p50 - b.p50)}, p99 ${ms(h.p99 - b.p99)}  [target < 3 ms p99: ${h.p99 - b.p99 < 3 ? 'met' : 'NOT met'}]`,
);
console.log(
  `  ledger write (insert + history, one fsync'd commit): p50 ${ms(w.p50)}  p99 ${ms(w.p99)}  max ${ms(w.max)}`,
);
console.log(
  `  host RSS idle ${(rssIdle / 1024).toFixed(1)} MiB; settled before the ${MANY} charges ${(rssBefore / 1024).toFixed(1)} MiB; after ${(rssAfter / 1024).toFixed(1)} MiB; growth ${((rssAfter - rssBefore) / 1024).toFixed(1)} MiB; peak right after the burst ${(rssAfterRaw / 1024).toFixed(1)} MiB  [target < 20 MB: ${(rssAfter - rssBefore) / 1024 < 20 ? 'met' : 'NOT met'}]`,
);
process.exit(0);
