// Shop-chain scale on the relay: N terminals (one channel and one SSE subscriber each), spread
// over one or more relay instances; callbacks at a total rate R over random channels, each
// posted to a different instance than the one its terminal reads from (when there are two),
// so a wake crosses the shared store. Reports lost deliveries, delivery latency (POST start →
// event bytes at the terminal, one clock) and relay memory per connected terminal. Its own
// process (the bench spawns it under a raised `ulimit -n`); loopback only; bounded.
// After ../shared/tools/relay-fanout.mjs, with repeatable --base and --pid.
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values: a } = parseArgs({
  options: {
    base: { type: 'string', multiple: true, default: [] },
    pid: { type: 'string', multiple: true, default: [] },
    admin: { type: 'string' },
    channels: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
    json: { type: 'string' },
  },
});
const bases = a.base.map((b) => new URL(b));
for (const b of bases)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(b.hostname)) throw new Error('loopback only');
if (!bases.length || !a.admin) throw new Error('--base and --admin are required');
const N = Math.min(Number(a.channels), 15_000);
const R = Math.min(Number(a.rate), 20_000);
const D = Math.min(Number(a.duration), 120);
const W = Math.min(Number(a.warmup), 30);
const watchdog = setTimeout(
  () => {
    console.error('relay-fanout: watchdog, exiting');
    process.exit(3);
  },
  (D + 240) * 1000,
);

const rssMiB = () => {
  let sum = 0;
  for (const pid of a.pid) {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    sum += Number(/VmRSS:\s+(\d+)/.exec(s)![1]) / 1024;
  }
  return a.pid.length ? sum : null;
};
const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
const req = (
  i: number,
  method: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
  body?: string,
) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const b = bases[i]!;
    const r = http.request(
      { host: b.hostname, port: b.port, method, path, headers, agent: agents[i] },
      (res) => {
        let d = '';
        res.on('data', (c) => (d += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: d }));
      },
    );
    r.on('error', reject);
    r.setTimeout(15_000, () => r.destroy(new Error('timeout')));
    r.end(body);
  });
async function pool(n: number, conc: number, fn: (i: number) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (i < n) await fn(i++);
    }),
  );
}

const instanceOf = (i: number) => i % bases.length;
const t0 = Date.now();
const chans: Array<{ channelId: string; token: string }> = new Array(N);
// Each channel is created through the instance its terminal will read from: every instance then
// has worked before its baseline is taken (a relay that has served nothing has not yet grown its
// young generation, tens of MiB that would otherwise be counted as the terminals' memory).
await pool(N, 32, async (i) => {
  const r = await req(instanceOf(i), 'POST', '/admin/channels', {
    authorization: `Bearer ${a.admin}`,
  });
  if (r.status !== 201) throw new Error(`channel ${i}: ${r.status} ${r.body}`);
  chans[i] = JSON.parse(r.body);
});
// After a full GC in each relay (SIGUSR2 when started with --expose-gc): what it retains.
// Then this process collects its own garbage too (started with --expose-gc), so a collection of
// the setup's leftovers does not fall inside the measured window and count against the relay.
const settle = async () => {
  for (const pid of a.pid) process.kill(Number(pid), 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 1500));
  (globalThis as { gc?: () => void }).gc?.();
};
await settle();
const rssBase = rssMiB();

const lat: number[] = [];
/** When the warm-up ends (set when the load starts). */
let measureFrom = Infinity;
let delivered = 0;
let disconnects = 0;
const seen = new Uint8Array(R * D * 2 + 1000);
let ready = 0;
/** One terminal's stream; resolves once subscribed (200), retried on a refused connection. */
function subscribe(i: number, attempt = 0): Promise<void> {
  const c = chans[i]!;
  const b = bases[instanceOf(i)]!;
  return new Promise<void>((resolve, reject) => {
    const r = http.request(
      {
        host: b.hostname,
        port: b.port,
        path: `/channels/${c.channelId}/events`,
        headers: { authorization: `Bearer ${c.token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`subscribe ${i}: ${res.statusCode}`));
        ready++;
        resolve();
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          const now = performance.now();
          buf += chunk;
          let k;
          while ((k = buf.indexOf('\n\n')) >= 0) {
            const ev = buf.slice(0, k);
            buf = buf.slice(k + 2);
            const m = /"seq\\":(\d+),\\"t\\":([\d.]+)/.exec(ev);
            if (!m) continue;
            const seq = Number(m[1]);
            if (seen[seq]) continue;
            seen[seq] = 1;
            delivered++;
            // Latency counts from the end of the warm-up (every delivery counts toward `lost`).
            if (Number(m[2]) >= measureFrom) lat.push(now - Number(m[2]));
          }
        });
        res.on('close', () => disconnects++);
      },
    );
    r.on('error', (e) => {
      if (ready < N && attempt < 5)
        setTimeout(() => subscribe(i, attempt + 1).then(resolve, reject), 200 * (attempt + 1));
      else reject(e);
    });
    r.end();
  });
}
// Terminals connect 256 at a time (a shop chain's terminals do not all start in the same ms).
const subscribing = pool(N, 256, (i) => subscribe(i));
const subscribeTimer = setTimeout(() => {
  console.error(`relay-fanout: only ${ready}/${N} subscribers ready in 180 s`);
  process.exit(1);
}, 180_000);
await subscribing;
clearTimeout(subscribeTimer);
await settle();
const rssSubs = rssMiB();
const setupS = (Date.now() - t0) / 1000;

// Load: R posts/s over random channels, for D seconds (open loop).
let sent = 0;
let ok = 0;
let failed = 0;
const pad = 'x'.repeat(400);
// A warm-up of W seconds at the same rate first, as relay-load.mjs's --warmup: the relay's and
// this process's code paths are compiled by then, and its deliveries are not in the latency.
measureFrom = performance.now() + W * 1000;
const end = measureFrom + D * 1000;
const interval = 1000 / R;
let next = performance.now();
const inflight = new Set<Promise<unknown>>();
while (performance.now() < end) {
  const now = performance.now();
  while (next <= now && performance.now() < end) {
    const i = (Math.random() * N) | 0;
    const seq = sent++;
    const via = (instanceOf(i) + 1) % bases.length;
    const p = req(
      via,
      'POST',
      `/hooks/${chans[i]!.channelId}`,
      { 'content-type': 'application/json' },
      JSON.stringify({ seq, t: performance.now(), pad }),
    )
      .then(
        (r) => (r.status === 200 ? ok++ : failed++),
        () => failed++,
      )
      .finally(() => inflight.delete(p));
    inflight.add(p);
    next += interval;
  }
  await new Promise((r) => setTimeout(r, 1));
}
await Promise.all(inflight);
const drainUntil = Date.now() + 10_000;
while (delivered < ok && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
const rssLoad = rssMiB();
lat.sort((x, y) => x - y);
const q = (p: number) =>
  lat.length ? +lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!.toFixed(2) : null;
const out = {
  terminals: N,
  instances: bases.length,
  rate: R,
  duration: D,
  warmup: W,
  setupS: +setupS.toFixed(1),
  sent,
  ok,
  failed,
  delivered,
  lost: ok - delivered,
  disconnects,
  latMs: { p50: q(0.5), p99: q(0.99), max: lat.length ? +lat[lat.length - 1]!.toFixed(2) : null },
  relayRssMiB: {
    base: rssBase && +rssBase.toFixed(1),
    withTerminals: rssSubs && +rssSubs.toFixed(1),
    afterLoad: rssLoad && +rssLoad.toFixed(1),
  },
  kibPerTerminal: rssBase && rssSubs ? +(((rssSubs - rssBase) * 1024) / N).toFixed(1) : null,
};
console.log(JSON.stringify(out));
if (a.json) fs.appendFileSync(a.json, `${JSON.stringify(out)}\n`);
clearTimeout(watchdog);
process.exit(0);
