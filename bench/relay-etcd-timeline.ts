// Where a callback's time goes on etcd (issue 38, Deliver 4): one relay in this process on a
// real three-member cluster, the project's load tool at RATE/s for 5 s with SUBS subscribers,
// and timestamps along the way: the load tool's POST → SSE and POST answered, the store's
// transaction (appendChecked), its commit → the watch's event at the relay, the subscribers'
// store reads, CPU of the relay and of each member, the relay's event-loop delay.
//   node --import tsx bench/relay-etcd-timeline.ts      (RATE=1000 SUBS=1 by default)
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EtcdStore } from '../relay/etcd-store';
import { startRelay } from '../relay/server';
import { startEtcdCluster } from '../test/helpers/etcd';
import { findLoadTool } from './relay-load-tool';

const ADMIN = 'bench-admin-token-0123456789abcdef';
const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-etcd-timeline-'));
const appendMs: number[] = [];
const readMs: number[] = [];
const watchLagMs: number[] = [];
const committedAt = new Map<string, number>();

/** The store, timed: its transactions and reads as the relay calls them. */
class TimedEtcdStore extends EtcdStore {
  override async appendChecked(...a: Parameters<EtcdStore['appendChecked']>) {
    const t0 = performance.now();
    const r = await super.appendChecked(...a);
    const t = performance.now();
    appendMs.push(t - t0);
    if ('id' in r) committedAt.set(r.id, t);
    return r;
  }
  override async readAfter(...a: Parameters<EtcdStore['readAfter']>) {
    const t0 = performance.now();
    const r = await super.readAfter(...a);
    readMs.push(performance.now() - t0);
    return r;
  }
}

const etcd = await startEtcdCluster();
const store = new TimedEtcdStore(etcd.servers);
// Told after the relay's own listener (registered by startRelay): its events, as the watch gave them.
const relay = await startRelay({
  store,
  adminToken: ADMIN,
  log: { level: 'info', stream: createWriteStream(path.join(tmp, 'relay.log')) },
  ratePerSec: 1e6,
  burst: 1e6,
});
store.onAppend((_c, events) => {
  const t = performance.now();
  for (const e of events ?? []) {
    const c = committedAt.get(e.id);
    if (c !== undefined) watchLagMs.push(t - c);
  }
});
const ch = (await (
  await fetch(`${relay.url}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  })
).json()) as { channelId: string; token: string };

const cpuMs = (pid: number | string) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms
};
const members = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)])
  .stdout.toString()
  .split('\n')
  .map((l) => l.trim().split(/\s+/))
  .filter((f) => f[1] === 'etcd')
  .map((f) => f[0]!);
const membersCpu0 = members.map(cpuMs);
const relayCpu0 = process.cpuUsage();
const wall0 = performance.now();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
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
      ...['--quiet', '--json', json, '--mode', 'rate', '--rate', process.env.RATE ?? '1000'],
      ...['--duration', '5', '--warmup', '1', '--subs', process.env.SUBS ?? '1'],
    ],
    { stdio: 'ignore' },
  ).on('exit', r),
);
loop.disable();
const wall = (performance.now() - wall0) / 1000;
const relayCpu = process.cpuUsage(relayCpu0);
const j = JSON.parse(readFileSync(json, 'utf8').trim().split('\n').at(-1)!) as {
  ok: number;
  lost: number;
  ingestOkPerS: number;
  latencyMs: { p50: number; p99: number };
  postRttMs: { p50: number; p99: number };
};
const q = (a: number[], p: number) =>
  [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))] ?? NaN;
const line = (name: string, a: number[]) =>
  `  ${name}: n ${a.length}, p50 ${q(a, 0.5).toFixed(1)} ms, p99 ${q(a, 0.99).toFixed(1)} ms, max ${q(a, 1).toFixed(1)} ms`;
console.log(
  `etcd timeline, ${process.env.RATE ?? '1000'}/s, ${process.env.SUBS ?? '1'} subscriber(s); load ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
console.log(
  `  POST → SSE (load tool): p50 ${j.latencyMs.p50} ms, p99 ${j.latencyMs.p99} ms; POST answered p50 ${j.postRttMs.p50} ms, p99 ${j.postRttMs.p99} ms; ${j.ingestOkPerS}/s, lost ${j.lost}`,
);
console.log(line('store transaction (appendChecked)', appendMs));
console.log(line("commit → the watch's event at the relay", watchLagMs));
console.log(line('subscribers’ store reads', readMs));
console.log(
  `  CPU over ${wall.toFixed(1)} s: relay ${((relayCpu.user + relayCpu.system) / 1000).toFixed(0)} ms (${((relayCpu.user + relayCpu.system) / 1000 / Math.max(1, j.ok)).toFixed(2)} ms per callback), members ${members.map((p, i) => cpuMs(p) - membersCpu0[i]!).join(' / ')} ms; relay event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
);
await relay.close();
await etcd.stop();
process.exit(0);
