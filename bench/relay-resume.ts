// `npx tsx bench/relay-resume.ts [terminals]` (default 10,000): terminals resuming at once after
// a relay restart, on etcd (three members, loopback). Two relay instances, A and B; N channels,
// one terminal each reading from A. Round 1: one callback per channel through B, all delivered.
// Then A is killed (-9); round 2 goes through B while A is down; A comes back (same port) and
// every terminal resumes at once from its Last-Event-ID. Prints lost, duplicated, out of order
// (each terminal's ids must increase) and how long after A's return the last terminal had
// round 2, with the machine's load. Issue 38, Bad input. Runs under a raised `ulimit -n`.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { idAfter } from '../relay/store';
import { startEtcdCluster } from '../test/helpers/etcd';
import { hardNofile, spawnWithNofile, startBenchRelay } from './relay-procs';

if (!process.env.RELAY_RESUME_CHILD) {
  // Each terminal holds a socket in this process: run again with the descriptor limit raised.
  const child = spawnWithNofile(['--import', 'tsx', ...process.argv.slice(1)], {
    env: { ...process.env, RELAY_RESUME_CHILD: '1' },
  });
  child.on('exit', (code) => process.exit(code ?? 1));
} else await main();

async function main() {
  const N = Math.min(Number(process.argv[2] ?? 10_000), Math.max(100, hardNofile() / 2 - 200));
  const ADMIN = 'resume-bench-admin-token-0123456789';
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-relay-resume-'));
  const load = () => os.loadavg()[0]!.toFixed(1);
  const cluster = await startEtcdCluster();
  const store = `etcd://${cluster.servers.join(',')}`;
  const a = await startBenchRelay({ store, adminToken: ADMIN, dir: tmp, name: 'a' });
  const b = await startBenchRelay({ store, adminToken: ADMIN, dir: tmp, name: 'b' });
  let aNow = a;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const req = (base: string, method: string, p: string, auth: string, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const r = http.request(
        `${base}${p}`,
        { method, agent, headers: { authorization: `Bearer ${auth}` } },
        (res) => {
          let d = '';
          res.on('data', (c) => (d += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: d }));
        },
      );
      r.on('error', () => resolve({ status: 0, body: '' }));
      r.setTimeout(15_000, () => r.destroy());
      r.end(body);
    });
  const pool = async (n: number, conc: number, fn: (i: number) => Promise<void>) => {
    let i = 0;
    await Promise.all(
      Array.from({ length: conc }, async () => {
        while (i < n) await fn(i++);
      }),
    );
  };
  try {
    const chans: Array<{ channelId: string; token: string }> = new Array(N);
    await pool(N, 32, async (i) => {
      const r = await req(a.url, 'POST', '/admin/channels', ADMIN);
      if (r.status !== 201) throw new Error(`channel ${i}: ${r.status} ${r.body}`);
      chans[i] = JSON.parse(r.body) as { channelId: string; token: string };
    });
    // Per terminal: the rounds it got (in arrival order) and the ids, for order and duplicates.
    const got = chans.map(() => ({ rounds: [] as number[], ids: [] as string[], last: '' }));
    const subscribe = (i: number) => {
      const c = chans[i]!;
      const t = got[i]!;
      const r = http.get(
        `${aNow.url}/channels/${c.channelId}/events`,
        {
          agent: false,
          headers: {
            authorization: `Bearer ${c.token}`,
            ...(t.last && { 'last-event-id': t.last }),
          },
        },
        (res) => {
          res.setEncoding('utf8');
          let buf = '';
          res.on('data', (chunk: string) => {
            buf += chunk;
            for (let k; (k = buf.indexOf('\n\n')) >= 0;) {
              const ev = buf.slice(0, k);
              buf = buf.slice(k + 2);
              const id = /^id: (\d+(?:-\d+)?)$/m.exec(ev)?.[1];
              const round = /round\\":(\d)/.exec(ev)?.[1];
              if (!id || !round) continue;
              t.last = id;
              t.ids.push(id);
              t.rounds.push(Number(round));
            }
          });
          res.on('close', () => setTimeout(() => subscribe(i), 200 + Math.random() * 300));
        },
      );
      r.on('error', () => setTimeout(() => subscribe(i), 200 + Math.random() * 300));
    };
    for (let i = 0; i < N; i++) subscribe(i);
    const post = (round: number) =>
      pool(N, 32, async (i) => {
        const body = JSON.stringify({ round, i });
        while ((await req(b.url, 'POST', `/hooks/${chans[i]!.channelId}`, '', body)).status !== 200)
          await new Promise((r) => setTimeout(r, 100));
      });
    const all = async (round: number, ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end && !got.every((t) => t.rounds.includes(round)))
        await new Promise((r) => setTimeout(r, 100));
    };
    await post(1);
    await all(1, 120_000);
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    await post(2);
    const port = new URL(a.url).port;
    const t0 = performance.now();
    // A again, on its port: every terminal's retry lands on it at once.
    aNow = await startBenchRelay({
      store,
      adminToken: ADMIN,
      dir: tmp,
      name: 'a2',
      port: Number(port),
    });
    await all(2, 180_000);
    const after = (performance.now() - t0) / 1000;
    const lost = got.filter((t) => !t.rounds.includes(1) || !t.rounds.includes(2)).length;
    const duplicated = got.reduce((n, t) => n + t.rounds.length - new Set(t.rounds).size, 0);
    const unordered = got.filter((t) =>
      t.ids.some((id, k) => k > 0 && !idAfter(id, t.ids[k - 1]!)),
    ).length;
    console.log(
      `resume: ${N} terminals after a relay restart, lost ${lost}, duplicated ${duplicated}, out of order ${unordered}, all delivered ${after.toFixed(1)} s after the relay's return (load ${load()})`,
    );
    process.exitCode = lost || duplicated || unordered ? 1 : 0;
  } finally {
    for (const r of [aNow, b]) r.child.kill('SIGKILL');
    await cluster.stop();
    process.exit();
  }
}
