// Where a callback's time goes on etcd (issue 38, Deliver 4): one relay in this process on a
// real three-member cluster, the project's load tool at RATE/s for 5 s with SUBS subscribers,
// and each callback timestamped at every stage it passes in the relay:
//   POST's body read (appendChecked called) → its transaction sent to etcd (group commit's wait)
//   → etcd's answer (commit: Raft + fsync on a quorum) → appendChecked returns (the 200 follows)
//   → the watch's event at the relay → its SSE frames written to the subscribers' sockets,
// and beside them the load tool's POST → SSE and POST round trip, etcd's own metrics (WAL fsync,
// backend commit, peer round trip: each member's /metrics before and after), GC pauses and the
// relay's event-loop delay. The slowest 1 % of callbacks (by body read → SSE written) are split
// by stage too: where the p99 goes. BARE=1 instead sends the transactions alone (no HTTP, no
// relay): RATE/s of one put each, then RATE/s in groups of GROUP, each timed sent → answered.
//   node --import tsx bench/relay-etcd-timeline.ts      (RATE=1000 SUBS=1 by default)
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Etcd3, type IWatchResponse } from 'etcd3';
import { formatId } from '../relay/etcd-event-id';
import { EtcdStore } from '../relay/etcd-store';
import { startRelay } from '../relay/server';
import { startEtcdCluster } from '../test/helpers/etcd';
import { findLoadTool } from './relay-load-tool';

const ADMIN = 'bench-admin-token-0123456789abcdef';
const RATE = Number(process.env.RATE ?? '1000');
const SUBS = process.env.SUBS ?? '1';
const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-etcd-timeline-'));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const q = (a: number[], p: number) =>
  [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))] ?? NaN;
const line = (name: string, a: number[]) =>
  `  ${name.padEnd(44)} n ${String(a.length).padStart(5)}, p50 ${q(a, 0.5).toFixed(1)}, p99 ${q(a, 0.99).toFixed(1)}, max ${q(a, 1).toFixed(1)} ms`;

/** etcd's own histograms (seconds), summed over the members: count and buckets. */
type Histograms = Map<string, { count: number; buckets: Array<[number, number]> }>;
async function etcdMetrics(servers: string[]): Promise<Histograms> {
  const h: Histograms = new Map();
  for (const s of servers) {
    const text = await (await fetch(`http://${s}/metrics`)).text();
    for (const m of text.matchAll(/^(etcd_\w+)_bucket\{(?:[^}]*,)?le="([^"]+)"\} (\S+)$/gm)) {
      const e = h.get(m[1]!) ?? { count: 0, buckets: [] };
      const le = m[2] === '+Inf' ? Infinity : Number(m[2]);
      const b = e.buckets.find(([x]) => x === le);
      if (b) b[1] += Number(m[3]);
      else e.buckets.push([le, Number(m[3])]);
      if (le === Infinity) e.count += Number(m[3]);
      h.set(m[1]!, e);
    }
  }
  return h;
}
/** The p50/p99 bucket bounds of the observations between two scrapes (ms). */
function metricLine(name: string, before: Histograms, after: Histograms) {
  const a = after.get(name);
  if (!a) return `  ${name}: not exported`;
  const b = before.get(name);
  const d = a.buckets.map(([le, n]) => [le, n - (b?.buckets.find(([x]) => x === le)?.[1] ?? 0)]);
  const count = a.count - (b?.count ?? 0);
  const at = (p: number) => {
    const le = d.find(([, n]) => n! >= p * count)?.[0] ?? Infinity;
    return le === Infinity ? '∞' : `≤ ${+(le * 1000).toFixed(1)}`;
  };
  return `  ${name} (etcd, all members): n ${count}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

const etcd = await startEtcdCluster();
console.log(`etcd timeline, ${RATE}/s; load ${loadavg()} at the start`);

if (process.env.BARE) {
  // etcd alone: no relay, no HTTP; the etcd3 client as the relay configures it (one member each call).
  const client = new Etcd3({ hosts: etcd.servers });
  await client.put('warm').value('1');
  const value = Buffer.alloc(400, 'x');
  for (const group of [1, Number(process.env.GROUP ?? '10')]) {
    const ms: number[] = [];
    const t0 = performance.now();
    const pending: Array<Promise<unknown>> = [];
    let n = 0;
    const before = await etcdMetrics(etcd.servers);
    while (performance.now() - t0 < 5000) {
      const due = Math.floor(((performance.now() - t0) / 1000) * RATE);
      for (; n < due; n += group) {
        const sent = performance.now();
        const ops = Array.from({ length: group }, (_, i) => ({
          request_put: { key: Buffer.from(`bare/${n + i}`), value },
        }));
        pending.push(client.kv.txn({ success: ops }).then(() => ms.push(performance.now() - sent)));
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(pending);
    const after = await etcdMetrics(etcd.servers);
    console.log(`  ${RATE} puts/s, ${group} a transaction; load ${loadavg()}`);
    console.log(line('transaction sent → answered', ms));
    for (const m of [
      'etcd_disk_wal_fsync_duration_seconds',
      'etcd_disk_backend_commit_duration_seconds',
    ])
      console.log(metricLine(m, before, after));
  }
  client.close();
  await etcd.stop();
  process.exit(0);
}

/** Each callback's stages (performance.now()), by its id once known. */
interface Stages {
  called: number;
  sent?: number;
  answered?: number;
  returned?: number;
  watched?: number;
  written?: number;
}
const byId = new Map<string, Stages>();
/** Callbacks not yet in a transaction, in arrival order. */
const waiting: Stages[] = [];

/** The store, timed where the relay calls it. */
class TimedEtcdStore extends EtcdStore {
  override async appendChecked(...a: Parameters<EtcdStore['appendChecked']>) {
    const s: Stages = { called: performance.now() };
    waiting.push(s);
    const r = await super.appendChecked(...a);
    s.returned = performance.now();
    return r;
  }
}
// GC_INFLIGHT / GC_ITEMS: group commit's transactions on their way at once, callbacks in one.
const store = new TimedEtcdStore(etcd.servers, {
  groupCommit: {
    ...(process.env.GC_INFLIGHT && { maxInFlight: Number(process.env.GC_INFLIGHT) }),
    ...(process.env.GC_ITEMS && { maxItems: Number(process.env.GC_ITEMS) }),
  },
});
// The store's own gRPC calls and watch hand-over, timed from outside (private members).
const inner = store as unknown as {
  client: Etcd3;
  handOver(res: IWatchResponse): void;
};
const kv = inner.client.kv;
const txn = kv.txn.bind(kv);
kv.txn = (req, opts) => {
  const events = (req.success ?? []).filter((o) =>
    o.request_put?.key?.toString().startsWith('relay/ev/'),
  ).length;
  if (!events) return txn(req, opts);
  // A group's callbacks are the oldest waiting (appendChecked is called in arrival order).
  const stages = waiting.splice(0, events);
  const sent = performance.now();
  for (const s of stages) s.sent = sent;
  return txn(req, opts).then((r) => {
    const t = performance.now();
    stages.forEach((s, i) => {
      s.answered = t;
      if (!r.succeeded) return;
      // The watch may have handed the events over before this answer came.
      const id = formatId(r.header.revision, i);
      byId.set(id, Object.assign(s, byId.get(id)));
    });
    return r;
  });
};
const handOver = inner.handOver.bind(store);
inner.handOver = (res) => {
  const t = performance.now();
  const ids = res.events.map((e) =>
    formatId(e.kv.mod_revision, Number(/\.(\d+)$/.exec(e.kv.key.toString())?.[1] ?? 0)),
  );
  handOver(res);
  for (const id of ids) {
    const s = byId.get(id);
    if (s) s.watched = t;
    else byId.set(id, { watched: t } as Stages);
  }
};

const relay = await startRelay({
  store,
  adminToken: ADMIN,
  log: { level: 'info', stream: createWriteStream(path.join(tmp, 'relay.log')) },
  ratePerSec: 1e6,
  burst: 1e6,
});
// Told after the relay's subscribers (registered by startRelay): the SSE frames are written by
// then, whichever path handed the events over (the watch, or etcd's answer: etcd-commit-order.ts).
store.onAppend((_c, events) => {
  const t = performance.now();
  for (const e of events ?? []) {
    const s = byId.get(e.id);
    if (!s) byId.set(e.id, { written: t } as Stages);
    else s.written ??= t;
  }
});
const ch = (await (
  await fetch(`${relay.url}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  })
).json()) as { channelId: string; token: string };

const gc: number[] = [];
const gcObs = new PerformanceObserver((l) => l.getEntries().forEach((e) => gc.push(e.duration)));
gcObs.observe({ entryTypes: ['gc'] });
const relayCpu0 = process.cpuUsage();
const wall0 = performance.now();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const metrics0 = await etcdMetrics(etcd.servers);
const json = path.join(tmp, 'load.jsonl');
await new Promise((r) =>
  spawn(
    process.execPath,
    [
      findLoadTool(),
      ...[
        '--post-url',
        `${relay.url}/hooks/{ch}`,
        '--sse-url',
        `${relay.url}/channels/{ch}/events`,
      ],
      ...['--channel', ch.channelId, '--sse-header', `authorization: Bearer ${ch.token}`],
      ...['--quiet', '--json', json, '--mode', 'rate', '--rate', String(RATE)],
      ...['--duration', '5', '--warmup', '1', '--subs', SUBS],
    ],
    { stdio: 'ignore' },
  ).on('exit', r),
);
loop.disable();
gcObs.disconnect();
const metrics1 = await etcdMetrics(etcd.servers);
const wall = (performance.now() - wall0) / 1000;
const relayCpu = process.cpuUsage(relayCpu0);
const j = JSON.parse(readFileSync(json, 'utf8').trim().split('\n').at(-1)!) as {
  ok: number;
  lost: number;
  ingestOkPerS: number;
  latencyMs: { p50: number; p99: number };
  postRttMs: { p50: number; p99: number };
};
const all = [...byId.values()].filter((s) => s.returned && s.written && s.watched);
const watchFirst = all.filter((s) => s.watched! < s.answered!).length;
const stages: Array<[string, (s: Stages) => number]> = [
  ['body read → transaction sent (group commit)', (s) => s.sent! - s.called],
  ['transaction sent → etcd answered (commit)', (s) => s.answered! - s.sent!],
  ['etcd answered → appendChecked returned', (s) => s.returned! - s.answered!],
  ["etcd answered → the watch's event at relay", (s) => s.watched! - s.answered!],
  ['etcd answered → SSE frames written', (s) => s.written! - s.answered!],
  ['body read → SSE written (all of the relay)', (s) => s.written! - s.called],
];
console.log(
  `  ${SUBS} subscriber(s), ${store.appendCalls} transactions (${(store as { handedOnCommit?: number }).handedOnCommit ?? 'none'} of their channel batches handed over on etcd's answer); load ${loadavg()} at the end`,
);
console.log(
  `  load tool: POST → SSE p50 ${j.latencyMs.p50} ms, p99 ${j.latencyMs.p99} ms; POST answered p50 ${j.postRttMs.p50} ms, p99 ${j.postRttMs.p99} ms; ${j.ingestOkPerS}/s, lost ${j.lost}`,
);
for (const [name, f] of stages) console.log(line(name, all.map(f)));
console.log(`  the watch's event came before etcd's answer for ${watchFirst} of ${all.length}`);
const total = stages.at(-1)![1];
const slow = [...all].sort((a, b) => total(b) - total(a)).slice(0, Math.ceil(all.length / 100));
const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
console.log(
  `  the slowest 1 % (${slow.length}, ≥ ${total(slow.at(-1)!).toFixed(1)} ms), mean per stage: ${stages
    .slice(0, 5)
    .map(([n, f]) => `${n.split(' (')[0]} ${mean(slow.map(f)).toFixed(1)}`)
    .join('; ')} ms`,
);
for (const m of [
  'etcd_disk_wal_fsync_duration_seconds',
  'etcd_disk_backend_commit_duration_seconds',
  'etcd_network_peer_round_trip_time_seconds',
])
  console.log(metricLine(m, metrics0, metrics1));
console.log(
  `  relay CPU over ${wall.toFixed(1)} s: ${((relayCpu.user + relayCpu.system) / 1000).toFixed(0)} ms (${((relayCpu.user + relayCpu.system) / 1000 / Math.max(1, j.ok)).toFixed(2)} ms per callback); GC ${gc.length} pauses, ${mean(gc).toFixed(1)} ms mean, max ${q(gc, 1).toFixed(1)} ms; event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
);
await relay.close();
await etcd.stop();
process.exit(0);
