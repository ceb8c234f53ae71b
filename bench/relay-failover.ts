// `npm run relay:failover [-- --engine etcd|nats]`: three nodes of a replicated store's engine
// (etcd by default: the store the README recommends) and two relay instances on loopback;
// callbacks at 200/s (each retried like a PSP until answered 200) with a terminal reading;
// kill -9 of each engine node in turn, then of one relay instance. One line at the end:
// acked (answered 200), lost (acked, never delivered), duplicated (delivered more than once),
// and the window: per callback, first attempt to its 200, p99.
import { parseArgs } from 'node:util';
import { ENGINES } from '../test/helpers/engines';
import { postOnce } from '../test/helpers/one-post';
import { newRelayChannel } from '../test/helpers/relay-channel';
import { sseEvents } from '../test/helpers/sse-events';

const fail = (problem: string): never => {
  console.error(`relay:failover: ${problem}`);
  process.exit(1);
};
let wanted = 'etcd';
try {
  wanted = parseArgs({ options: { engine: { type: 'string', default: wanted } } }).values.engine;
} catch (e) {
  fail(String((e as Error).message).split(/\.\s|\n/, 1)[0]!); // parseArgs' own messages are long
}
const engine =
  ENGINES.find((e) => e.key === wanted) ??
  fail(
    `--engine must be ${ENGINES.map((e) => e.key).join(' or ')} (got ${JSON.stringify(wanted)})`,
  );

const ADMIN = 'failover-admin-token-0123456789abcdef';
const RATE = Number(process.env.FAILOVER_RATE ?? 200);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

console.log(`engine: ${engine.name}`);
const cluster = await engine.startCluster();
const relays = [
  await engine.startRelay(cluster.servers, ADMIN),
  await engine.startRelay(cluster.servers, ADMIN),
];
const live = () => relays.filter((r) => r.child.exitCode === null && r.child.signalCode === null);
try {
  const c = await newRelayChannel(relays[0]!.url, ADMIN);

  // The terminal: resumes on whichever instance is up, from its Last-Event-ID.
  const got: string[] = [];
  let last: string | undefined;
  let reading = true;
  let ac = new AbortController();
  const reader = (async () => {
    for (let i = 0; reading; i++) {
      const base = live()[i % live().length]!.url;
      ac = new AbortController();
      try {
        const res = await fetch(`${base}/channels/${c.channelId}/events`, {
          headers: { authorization: `Bearer ${c.token}`, ...(last && { 'last-event-id': last }) },
          signal: ac.signal,
        });
        for await (const { id, data } of sseEvents(res.body)) {
          last = id;
          got.push((JSON.parse(data) as { body: string }).body);
        }
      } catch {
        /* instance gone: the next */
      }
      if (reading) await sleep(200);
    }
  })();

  const acked: string[] = [];
  const windows: number[] = [];
  let sending = true;
  let n = 0;
  const inflight = new Set<Promise<void>>();
  const sender = (async () => {
    while (sending) {
      const body = `{"n":${n++}}`;
      const p = (async () => {
        const t0 = performance.now();
        for (let attempt = 0; ; attempt++) {
          const urls = live();
          const url = `${urls[(n + attempt) % urls.length]!.url}/hooks/${c.channelId}`;
          if ((await postOnce(url, body, 5000)).status === 200) break;
          await sleep(100); // the PSP's retry
        }
        windows.push(performance.now() - t0);
        acked.push(body);
      })();
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      await sleep(1000 / RATE);
    }
  })();
  for (let i = 0; i < 3; i++) {
    await sleep(3000);
    await cluster.kill(i);
    await sleep(3000);
    await cluster.start(i);
  }
  await sleep(2000);
  relays[0]!.child.kill('SIGKILL');
  await sleep(3000);
  sending = false;
  await sender;
  await Promise.all(inflight);
  const until = Date.now() + 30_000;
  while (Date.now() < until && !acked.every((b) => got.includes(b))) await sleep(200);
  reading = false;
  ac.abort();
  await reader.catch(() => undefined);
  const lost = acked.filter((b) => !got.includes(b)).length;
  const duplicated = got.length - new Set(got).size;
  windows.sort((a, b) => a - b);
  const p99 = windows[Math.min(windows.length - 1, Math.floor(windows.length * 0.99))] ?? 0;
  console.log(
    `failover: acked ${acked.length}, lost ${lost}, duplicated ${duplicated}, window p99 ${Math.round(p99)} ms`,
  );
} finally {
  for (const r of relays) r.child.kill('SIGKILL');
  await cluster.stop();
}
