// The dropped-stream storm alone, quickly (issue 35): not a benchmark (`npm run bench` skips it),
// a probe to run by hand: `node --import tsx bench/drops-probe.ts`. The storms' host of
// host.bench.ts (status query on, a relay process behind a TCP proxy) with BENCH_PROBE_OPEN
// charges left open (10,000) instead of its long warm-up, then BENCH_STORM_SECONDS (30) of the
// stream hung up every second with two paid sales a second; after each step the settled RSS and
// V8's heap (BALCAO_MEMORY_REPORT: heap used, old space, external) of the host.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost } from '../test/helpers/devhost';
import { newRelayChannel } from '../test/helpers/relay-channel';
import { startRelayProcess } from '../test/helpers/relay-process';
import { startTcpProxy } from '../test/helpers/tcp-proxy';
import { sandboxProcess, settledLook } from './helpers';

const OPEN = Number(process.env.BENCH_PROBE_OPEN ?? 10_000);
const STORM_S = Number(process.env.BENCH_STORM_SECONDS ?? 30);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sb = await sandboxProcess();
const ADMIN = 'probe-admin-token';
const relay = await startRelayProcess({
  adminToken: ADMIN,
  store: `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), 'balcao-probe-relay-')), 'r.sqlite')}`,
});
const channel = await newRelayChannel(relay.url, ADMIN);
const proxy = await startTcpProxy({ host: '127.0.0.1', port: relay.port });
const host = await startHost(
  ['--psp', sb.baseUrl, '--relay', `http://${proxy.address}`],
  {
    BALCAO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'balcao-probe-drops-')),
    BALCAO_CLIENT_ID: 'demo-client-id',
    BALCAO_CLIENT_SECRET: 'demo-client-secret',
    BALCAO_RELAY_CHANNEL: channel.channelId,
    BALCAO_RELAY_TOKEN: channel.token,
    BALCAO_MEMORY_REPORT: '1',
  },
  { nodeFlags: ['--expose-gc'] },
);
const pid = host.child.pid!;
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
/** Resident MiB of anonymous mappings by size (V8's pages are 256 KiB), glibc's [heap], files. */
const mappings = () => {
  const out: Record<string, number> = {};
  let kind = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const kib = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024;
      const name = head[3] ?? '';
      kind = name.startsWith('/')
        ? 'files'
        : name || (kib > 256 ? (kib >= 65536 ? 'anon≥64M' : 'anon>256K') : 'anon≤256K');
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]);
  }
  return ['anon≤256K', 'anon>256K', 'anon≥64M', '[heap]', 'files']
    .map((k) => `${k} ${((out[k] ?? 0) / 1024).toFixed(1)}`)
    .join(' ');
};
/** The last memory report the host printed after a SIGUSR2. */
const report = () => {
  const lines = host
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{"rss"'));
  const r = JSON.parse(lines.at(-1) ?? '{}') as Record<string, number> & {
    spaces?: Record<string, number>;
  };
  const mib = (n?: number) => ((n ?? 0) / 1048576).toFixed(1);
  return `${mappings()}; heapUsed ${mib(r.heapUsed)} heapTotal ${mib(r.heapTotal)} old ${mib(r.spaces?.old_space)} external ${mib(r.external)} malloced ${mib(r.malloced)}`;
};
const settled = () => settledLook(host.child, rssKb, (kb) => kb);
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
  const res = await fetch(`${sb.origin}/__sandbox/charges/${c.externalId}/pay`, { method: 'POST' });
  await res.arrayBuffer();
};
const paidSeen = () =>
  host.events.filter((e) => e.event === 'charges:updated' && (e.payload as View).status === 'PAID')
    .length;
const show = (label: string, kb: number, t: number) =>
  console.log(
    `${label}: settled ${(kb / 1024).toFixed(1)} MiB (${((performance.now() - t) / 1000).toFixed(0)} s; ${report()}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );

let t = performance.now();
show('start', await settled(), t);
t = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next++ < OPEN) await create();
  }),
);
const afterOpen = await settled();
show(`${OPEN} left open`, afterOpen, t);
t = performance.now();
// A quiet stretch as long as the storm: what the open charges cost without drops.
const quiet = async (label: string, dropEvery: boolean) => {
  const from = paidSeen();
  let drops = 0;
  const dropping = dropEvery
    ? setInterval(
        () => (drops += proxy.drop((o) => /^GET \/channels\/[^ ]+\/events/.test(o))),
        1000,
      )
    : undefined;
  const made: Array<Promise<void>> = [];
  for (const end = Date.now() + STORM_S * 1000; Date.now() < end; await sleep(500))
    made.push(create().then(pay));
  await Promise.all(made);
  clearInterval(dropping);
  for (const end = Date.now() + 60_000; paidSeen() - from < made.length && Date.now() < end;)
    await sleep(100);
  const before = performance.now();
  const kb = await settled();
  show(
    `${label}: ${drops} drops, ${made.length} sales, ${paidSeen() - from} seen paid`,
    kb,
    before,
  );
  return kb;
};
const q = await quiet(`${STORM_S} s of sales, no drops`, false);
const s = await quiet(`${STORM_S} s of sales, drop every second`, true);
console.log(
  `growth: quiet ${((q - afterOpen) / 1024).toFixed(1)} MiB, storm ${((s - q) / 1024).toFixed(1)} MiB`,
);
await host.stop();
await proxy.close();
relay.child.kill();
sb.child.kill();
process.exit(0);
