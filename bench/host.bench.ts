// The host on the counter's path and over days (issue 35). Charge creation through the
// development host (WebSocket → service → sandbox → ledger) vs the sandbox round trip alone,
// alternated in one run; ledger write p99; host RSS, settled, over 10,000 charges left open,
// paid and expired (each phase from its own settled start), and through the hostile storms:
// 10,000 forged callbacks, 1,000 charges cancelled at once; after a warm-up that runs until the
// host's settled RSS stops moving (its size is printed as a figure of its own). Then a second host,
// with the status query on and its relay behind a proxy, for the two storms the first cannot
// make: a PSP that answers every status query with 429, a relay that drops the stream every second.
// First, a day at a busy counter compressed in count (the soak): first hour against the last.
// Knobs: BENCH_CHARGES (10000 per phase), BENCH_HOST_PHASES
// (soak,open,paid,expired,forged,cancels,429,drops), BENCH_SOAK_HOURS (24) and BENCH_SOAK_PER_HOUR
// (120), BENCH_WARMUP_STEP (5000 charges per warm-up step), BENCH_STORM_SECONDS (60 per storm).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ledger } from '../electron/services/ledger/ledger';
import { startHost } from '../test/helpers/devhost';
import { newRelayChannel } from '../test/helpers/relay-channel';
import { startRelayProcess } from '../test/helpers/relay-process';
import { startTcpProxy } from '../test/helpers/tcp-proxy';
import { figure } from './figures';
import { alternate, machine, ms, sandboxProcess, settledLook, stats } from './helpers';

const N = 500;
const MANY = Number(process.env.BENCH_CHARGES ?? 10_000);
const PHASES = new Set(
  (process.env.BENCH_HOST_PHASES ?? 'soak,open,paid,expired,forged,cancels,429,drops').split(','),
);
spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'ignore' });
const sb = await sandboxProcess();
const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-'));
// The host with --expose-gc (its SIGUSR2 runs a full GC) and its log lines discarded. Callbacks
// reach it through its embedded relay (the sandbox's pay/expire/forge post to it). `let`: the
// storms' host takes its place at the end, and every helper below then measures that one.
let host = await startHost(
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
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
/**
 * RSS once the host has settled: a full GC (SIGUSR2), 5 s idle so V8's memory reducer gives back
 * the young generation it grew under load, another GC; the lowest of three such looks. Retained
 * memory counts; lazy collection and heap reservations do not. One look alone swung by ~26 MiB:
 * V8's new space was at 1 MiB in one look and 27 MiB in the next (BALCAO_MEMORY_REPORT=1).
 */
const settledRssKb = () => settledLook(host.child, rssKb, (kb) => kb);
type View = { id: string; externalId: string; status: string };
const call = (channel: string, payload: unknown) =>
  host.call<View>(channel, payload) as Promise<{ ok: boolean; value?: View }>;
const payer = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '5511912345678',
};
const create = async (): Promise<View> => {
  const r = await call('charges:create', { amountCents: 1234, payer });
  if (!r.ok || r.value?.status !== 'PENDING') throw new Error(JSON.stringify(r));
  return r.value;
};
const viaHost = () => create();
const control = async (what: string) => {
  const res = await fetch(`${sb.origin}/__sandbox/${what}`, { method: 'POST' });
  await res.arrayBuffer();
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
/** `n` steps, 4 in flight (a busy counter and its PDV). */
const burst = async (n: number, step: (i: number) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < n) await step(next++);
    }),
  );
};
/** Waits until `n` charge updates with this status reached the socket since `from`. */
const updates = (from: number, status: string) =>
  host.events
    .slice(from)
    .filter((e) => e.event === 'charges:updated' && (e.payload as View).status === status).length;
const until = async (cond: () => boolean, maxMs = 120_000) => {
  const end = Date.now() + maxMs;
  while (!cond() && Date.now() < end) await sleep(100);
};

await sleep(500);
// Idle: one GC only. Waiting for the memory reducer here would shrink the young generation
// just before the latency loop and make its first scavenges part of the measurement.
host.child.kill('SIGUSR2');
await sleep(500);
const rssIdle = rssKb();
const [hostMs, bareMs] = await alternate(N, 50, viaHost, bare);

/**
 * A day at a busy counter, compressed: SOAK_HOURS "hours" of SOAK_PER_HOUR sales each (4 in
 * 5 paid, 1 in 10 expired at the PSP, 1 in 10 cancelled by the cashier), run back to back at
 * the counter's own speed. The settled RSS after the first hour against the last: what a shop
 * that never restarts would see grow. Compressed in count, not in clock: time-driven work
 * (the relay's hourly purge of 7-day-old events, day rollover) does not run in it.
 */
const SOAK_HOURS = Number(process.env.BENCH_SOAK_HOURS ?? 24);
const SOAK_PER_HOUR = Number(process.env.BENCH_SOAK_PER_HOUR ?? 120);
let soak: { firstKb: number; lastKb: number } | null = null;
if (PHASES.has('soak')) {
  let firstKb = 0;
  for (let hour = 1; hour <= SOAK_HOURS; hour++) {
    const from = host.events.length;
    const ends = { PAID: 0, EXPIRED: 0, CANCELED: 0 };
    await burst(SOAK_PER_HOUR, async (i) => {
      const c = await create();
      const kind = i % 10 === 8 ? 'EXPIRED' : i % 10 === 9 ? 'CANCELED' : 'PAID';
      ends[kind]++;
      if (kind === 'PAID') await control(`charges/${c.externalId}/pay`);
      else if (kind === 'EXPIRED') await control(`charges/${c.externalId}/expire`);
      else await call('charges:cancel', { id: c.id });
    });
    await until(() =>
      (Object.keys(ends) as Array<keyof typeof ends>).every((k) => updates(from, k) >= ends[k]),
    );
    if (hour === 1) firstKb = await settledRssKb();
  }
  soak = { firstKb, lastKb: await settledRssKb() };
  console.log(
    `  soak: ${SOAK_HOURS} × ${SOAK_PER_HOUR} sales, settled ${(soak.firstKb / 1024).toFixed(1)} MiB after the first hour → ${(soak.lastKb / 1024).toFixed(1)} MiB after the last`,
  );
}
const h = stats(hostMs);
const b = stats(bareMs);

const mem: Array<{ name: string; growthKb: number; per?: number }> = [];
/** One phase: settled RSS before, the work, settled RSS after. */
async function phase(name: string, n: number, work: () => Promise<void>) {
  const before = await settledRssKb();
  const t = performance.now();
  await work();
  const after = await settledRssKb();
  console.log(
    `  ${name}: settled ${(before / 1024).toFixed(1)} → ${(after / 1024).toFixed(1)} MiB in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );
  mem.push({ name, growthKb: after - before, per: n });
}
/**
 * Warm-up before the phases: steps of WARM_STEP charges (a third paid, a third expired at the
 * PSP, a third left open) until one step moves the settled RSS by less than 1 MiB. A host just
 * started grows over its first charges and then stops: JIT code, V8's pools, and SQLite's page
 * caches (the ledger's and the embedded relay's, each bounded by its cache_size, now 2 MiB) as
 * the files grow. A fixed cost of a running shop, not memory per charge: the phases follow it.
 */
const WARM_STEP = Number(process.env.BENCH_WARMUP_STEP ?? 5000);
async function warmUp(): Promise<{ warmed: number; kb: number }> {
  const warmStart = await settledRssKb();
  let warmPrev = warmStart;
  let warmed = 0;
  for (let step = 0; step < 8; step++) {
    const from = host.events.length;
    let paid = 0;
    let expired = 0;
    await burst(WARM_STEP, async (i) => {
      const c = await create();
      if (i % 3 === 0) {
        paid++;
        await control(`charges/${c.externalId}/pay`);
      } else if (i % 3 === 1) {
        expired++;
        await control(`charges/${c.externalId}/expire`);
      }
    });
    await until(() => updates(from, 'PAID') >= paid && updates(from, 'EXPIRED') >= expired);
    warmed += WARM_STEP;
    const now = await settledRssKb();
    console.log(
      `  warm-up: ${warmed} charges, settled ${(now / 1024).toFixed(1)} MiB (${((now - warmPrev) / 1024).toFixed(1)} MiB this step)`,
    );
    if (now - warmPrev < 1024) break;
    warmPrev = now;
  }
  return { warmed, kb: (await settledRssKb()) - warmStart };
}
const { warmed, kb: warmKb } = await warmUp();
console.log(`Host memory phases (${MANY} charges each; load ${loadavg()})`);
const open: View[] = [];
if (PHASES.has('open'))
  await phase(`${MANY} charges left open`, MANY, () =>
    burst(MANY, async () => void open.push(await create())),
  );
if (PHASES.has('paid'))
  await phase(`${MANY} charges paid`, MANY, async () => {
    const from = host.events.length;
    await burst(MANY, async () => control(`charges/${(await create()).externalId}/pay`));
    await until(() => updates(from, 'PAID') >= MANY);
  });
if (PHASES.has('expired'))
  await phase(`${MANY} charges expired at the PSP`, MANY, async () => {
    const from = host.events.length;
    await burst(MANY, async () => control(`charges/${(await create()).externalId}/expire`));
    await until(() => updates(from, 'EXPIRED') >= MANY);
  });
// Storms on the charges left open (or new ones when that phase did not run).
const targets =
  open.length || !PHASES.has('forged')
    ? open
    : await (async () => {
        const made: View[] = [];
        await burst(1000, async () => void made.push(await create()));
        return made;
      })();
if (PHASES.has('forged'))
  await phase('storm: 10,000 forged "paid" callbacks', 0, async () => {
    await burst(10_000, (i) => control(`charges/${targets[i % targets.length]!.externalId}/forge`));
    await sleep(2000); // the last ones through the relay
  });
if (PHASES.has('cancels'))
  await phase('storm: 1,000 charges cancelled at once', 0, async () => {
    const batch: View[] = [];
    await burst(1000, async () => void batch.push(await create()));
    const from = host.events.length;
    await Promise.all(batch.map((c) => call('charges:cancel', { id: c.id })));
    await until(() => updates(from, 'CANCELED') >= 1000);
  });
await host.stop();

/**
 * The storms that need their own host: the status query on (the first host runs without it) and
 * its relay (`npm run relay`, its own process) behind a TCP proxy that can hang up the stream.
 * Each storm runs BENCH_STORM_SECONDS while sales go on at a counter's pace (2 a second, each
 * paid), on top of the open charges the warm-up left (a third of its charges), which the
 * reconciler keeps asking about; RSS settled before and after, as the other phases.
 */
const STORM_S = Number(process.env.BENCH_STORM_SECONDS ?? 60);
const storms = ['429', 'drops'].filter((p) => PHASES.has(p));
if (storms.length) {
  const ADMIN = 'bench-admin-token';
  const relayDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-relay-'));
  const relay = await startRelayProcess({
    adminToken: ADMIN,
    store: `sqlite:${path.join(relayDir, 'relay.sqlite')}`,
  });
  const channel = await newRelayChannel(relay.url, ADMIN);
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: relay.port });
  host = await startHost(
    ['--psp', sb.baseUrl, '--relay', `http://${proxy.address}`],
    {
      BALCAO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'balcao-bench-storms-')),
      BALCAO_CLIENT_ID: 'demo-client-id',
      BALCAO_CLIENT_SECRET: 'demo-client-secret',
      BALCAO_RELAY_CHANNEL: channel.channelId,
      BALCAO_RELAY_TOKEN: channel.token,
    },
    { nodeFlags: ['--expose-gc'], logs: false },
  );
  const stormWarm = await warmUp();
  console.log(
    `Storms' host (status query on, relay behind a proxy): warm-up ${stormWarm.warmed} charges, ${(stormWarm.kb / 1024).toFixed(1)} MiB (load ${loadavg()})`,
  );
  /**
   * Sales at a busy counter's pace (2 a second, as the chaos run), each paid, until `ms` have
   * passed; how many. Not as fast as the host goes: the storm, not a paid phase, is measured.
   */
  const sales = async (ms: number) => {
    const made: Array<Promise<void>> = [];
    for (const end = Date.now() + ms; Date.now() < end; await sleep(500))
      made.push(create().then((c) => control(`charges/${c.externalId}/pay`)));
    await Promise.all(made);
    return made.length;
  };
  /** Status queries the sandbox saw: answered, and refused by the storm's fault. */
  const queries = async () => {
    const res = await fetch(`${sb.origin}/__sandbox/stats`);
    const stats = (await res.json()) as {
      checks: { total: number };
      faultsTaken: Record<string, number>;
    };
    return {
      answered: stats.checks.total,
      refused: stats.faultsTaken['GET /transactions/:id'] ?? 0,
    };
  };
  if (storms.includes('429'))
    await phase(`storm: ${STORM_S} s of 429 on every status query`, 0, async () => {
      const from = host.events.length;
      const before = await queries();
      const fault = { route: 'GET /transactions/:id', kind: 'status', value: 429, count: 10_000 };
      await fetch(`${sb.origin}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      const paid = await sales(STORM_S * 1000);
      await fetch(`${sb.origin}/__sandbox/faults`, { method: 'DELETE' });
      await until(() => updates(from, 'PAID') >= paid, 60_000);
      const after = await queries();
      console.log(
        `  429 storm: ${after.refused - before.refused} status queries answered 429 (${after.answered - before.answered} answered, before and after it); ${paid} sales, ${updates(from, 'PAID')} seen Pago`,
      );
    });
  if (storms.includes('drops'))
    await phase(`storm: the relay drops the stream every second for ${STORM_S} s`, 0, async () => {
      const from = host.events.length;
      let drops = 0;
      const dropping = setInterval(() => {
        drops += proxy.drop((opening) => /^GET \/channels\/[^ ]+\/events/.test(opening));
      }, 1000);
      const paid = await sales(STORM_S * 1000);
      clearInterval(dropping);
      await until(() => updates(from, 'PAID') >= paid, 60_000);
      console.log(
        `  drop storm: ${drops} streams dropped; ${paid} sales, ${updates(from, 'PAID')} seen Pago`,
      );
    });
  await host.stop();
  await proxy.close();
  relay.child.kill();
}
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

function loadavg() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
console.log(`Charge creation through the development host — ${N} charges (${machine()})`);
console.log(`  host (WS → service → sandbox → ledger)  p50 ${ms(h.p50)}  p99 ${ms(h.p99)}`);
console.log(`  sandbox round trip alone                 p50 ${ms(b.p50)}  p99 ${ms(b.p99)}`);
figure({
  name: `the app's own cost on a charge, p99 (host − sandbox round trip, ${N} alternated)`,
  value: h.p99 - b.p99,
  unit: 'ms',
  target: ['<', 1],
  note: `p50 ${ms(h.p50 - b.p50)}; load ${loadavg()}`,
});
figure({
  name: "ledger write (insert + history, one fsync'd commit), p99",
  value: w.p99,
  unit: 'ms',
});
figure({ name: 'host RSS idle', value: rssIdle / 1024, unit: 'MiB' });
if (soak)
  figure({
    name: `host RSS, a day's soak (${SOAK_HOURS} h × ${SOAK_PER_HOUR} sales, compressed): last hour − first hour, settled`,
    value: (soak.lastKb - soak.firstKb) / 1024,
    unit: 'MiB',
    target: ['<', 10],
  });
figure({
  name: `host RSS warm-up: ${warmed} charges until a step of ${WARM_STEP} moves it < 1 MiB`,
  value: warmKb / 1024,
  unit: 'MiB',
});
for (const m of mem) {
  figure({
    name: `host RSS growth, settled: ${m.name}`,
    value: m.growthKb / 1024,
    unit: 'MiB',
    target: ['<', 5],
  });
  if (m.name.endsWith('left open') && m.per)
    figure({
      name: 'host memory per open charge',
      value: m.growthKb / m.per,
      unit: 'KiB',
      target: ['<', 1],
    });
}
process.exit(0);
