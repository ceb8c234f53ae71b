// The relay alone, measured with ../shared/tools/relay-load.mjs (POST in, SSE out, loopback),
// on both stores: p50/p99/max at 100/s and 1,000/s with 1 and 10 subscribers, the most durable
// callbacks per second with 32 concurrent senders, relay RSS. Then our own harness: POST →
// applied in a terminal's ledger through the real subscriber and intake.
// Targets (SQLite, every 200 durable): ingest ≥ 6,000/s; p99 < 8 ms at 1,000/s.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CallbackIntake,
  type IntakeResult,
  type RawCallback,
} from '../electron/services/callbacks/intake';
import { startRedis } from '../test/helpers/redis';
import { startRelayProcess } from '../test/helpers/relay-process';
import { relayTerminal } from '../test/helpers/terminal';
import { machine, ms, stats } from './helpers';

const TOOL = path.resolve('..', 'shared', 'tools', 'relay-load.mjs');
const ADMIN = 'bench-admin-token-0123456789abcdef';
const DURATION = process.env.BENCH_RELAY_SECONDS ?? '5';
const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-relay-bench-'));
const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

async function startRelay(
  store: string,
): Promise<{ url: string; pid: number; child: ChildProcess }> {
  // Per-channel rate limit lifted: the benchmark measures the relay, not its limiter.
  const r = await startRelayProcess({
    adminToken: ADMIN,
    store,
    args: ['--rate-per-channel', '1000000', '--burst', '1000000'],
  });
  children.push(r.child);
  return { url: r.url, pid: r.child.pid!, child: r.child };
}

const channel = async (url: string) =>
  (await (
    await fetch(`${url}/admin/channels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}` },
    })
  ).json()) as { channelId: string; token: string };

interface LoadResult {
  ingestOkPerS: number;
  latencyMs: { p50: number; p99: number; max: number };
  lost: number;
  relay: { rssPeakKB: number } | null;
}

async function load(relay: { url: string; pid: number }, args: string[]): Promise<LoadResult> {
  const ch = await channel(relay.url);
  const json = path.join(tmp, `r-${Date.now()}.jsonl`);
  const r = spawnSync(
    process.execPath,
    [
      TOOL,
      '--post-url',
      `${relay.url}/hooks/{ch}`,
      '--sse-url',
      `${relay.url}/channels/{ch}/events`,
      '--channel',
      ch.channelId,
      '--sse-header',
      `authorization: Bearer ${ch.token}`,
      '--watch-pid',
      String(relay.pid),
      '--json',
      json,
      '--quiet',
      ...args,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (!existsSync(json)) throw new Error(`relay-load failed: ${r.stderr || r.stdout}`);
  return JSON.parse(readFileSync(json, 'utf8').trim().split('\n').at(-1)!) as LoadResult;
}

const fmt = (r: LoadResult) =>
  `p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  max ${r.latencyMs.max} ms  lost ${r.lost}  relay RSS peak ${((r.relay?.rssPeakKB ?? 0) / 1024).toFixed(0)} MiB`;

console.log(`Relay benchmarks (${machine()}); ${DURATION} s per run, relay-load.mjs`);
const redis = await startRedis(tmp);
const redisUrl = redis.url;
for (const [name, store] of [
  ['SQLite', `sqlite:${path.join(tmp, 'relay.sqlite')}`],
  ['Redis Streams (appendfsync always)', redisUrl],
] as const) {
  const relay = await startRelay(store);
  console.log(`\n  ${name}`);
  for (const rate of [100, 1000]) {
    for (const subs of [1, 10]) {
      const r = await load(relay, [
        '--mode',
        'rate',
        '--rate',
        String(rate),
        '--duration',
        DURATION,
        '--warmup',
        '1',
        '--subs',
        String(subs),
      ]);
      console.log(
        `    ${String(rate).padStart(4)}/s, ${String(subs).padStart(2)} subscriber(s): ${fmt(r)}`,
      );
    }
  }
  const max = await load(relay, [
    '--mode',
    'max',
    '--concurrency',
    '32',
    '--duration',
    DURATION,
    '--subs',
    '1',
  ]);
  console.log(
    `    most durable callbacks/s (32 senders, 1 subscriber): ${max.ingestOkPerS}/s; ${fmt(max)}`,
  );
  relay.child.kill('SIGTERM');
}
await redis.stop();

// POST → applied in the terminal's ledger (verify HMAC, dedupe, apply, advance cursor).
const relay = await startRelay(`sqlite:${path.join(tmp, 'relay-e2e.sqlite')}`);
const ch = await channel(relay.url);
const appliedAt = new Map<string, number>();
class TimedIntake extends CallbackIntake {
  override async handle(
    raw: RawCallback,
    source: string,
    cursor?: { channel: string; eventId: string },
  ): Promise<IntakeResult> {
    const r = await super.handle(raw, source, cursor);
    if (r.accepted) appliedAt.set(r.eventId, performance.now());
    return r;
  }
}
const terminal = relayTerminal({
  relayUrl: relay.url,
  channelId: ch.channelId,
  token: ch.token,
  ledgerFile: path.join(tmp, 'ledger.sqlite'),
  intake: (deps) => new TimedIntake(deps),
});
await new Promise((r) => setTimeout(r, 300));
const sentAt = new Map<string, number>();
const N = 1000;
for (let i = 0; i < N; i++) {
  const id = `bench-${i}`;
  const body = JSON.stringify({ transactionId: `tx-${i}`, status: 'PAID', amount: 1 });
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', 'demo-client-secret').update(`${ts}.${body}`).digest('hex');
  sentAt.set(id, performance.now());
  void fetch(`${relay.url}/hooks/${ch.channelId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-event-id': id,
      'x-timestamp': ts,
      'x-signature': sig,
    },
    body,
  });
  await new Promise((r) => setTimeout(r, 5)); // ~200/s
}
const until = Date.now() + 10_000;
while (appliedAt.size < N && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
const e2e = stats(
  [...sentAt].filter(([id]) => appliedAt.has(id)).map(([id, t]) => appliedAt.get(id)! - t),
);
console.log(
  `\n  POST → applied in the terminal's ledger (SQLite relay, ~200/s, ${N} callbacks): p50 ${ms(e2e.p50)}  p99 ${ms(e2e.p99)}  max ${ms(e2e.max)}  applied ${appliedAt.size}/${N}`,
);
terminal.subscriber.stop();
process.exit(0);
