import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../../../relay/server';
import { tempDir } from '../../helpers/core';
import { ENGINES, ETCD, NATS, type EngineCluster } from '../../helpers/engines';
import { newRelayChannel } from '../../helpers/relay-channel';
import { waitFor } from '../../helpers/sandbox';
import { sseTerminal } from '../../helpers/sse-events';

// One engine node whose disk is full: each node's data on a small tmpfs of its own (256 MiB:
// etcd preallocates 64 MiB log segments), and the leader's filled to the last byte. The relay
// must answer 503 until the other two take over, and every callback answered 200 must be in
// the stream. A tmpfs mount needs root: without it the test is skipped (and says so).
// etcd: the full member stops (etcd exits when it cannot write its log), the other two elect a
// leader, nothing acknowledged is lost.
// NATS: FOUND (Debian nats-server 2.9.10): in 3 of 7 runs one to six callbacks answered 200
// right after the disk filled were missing from the stream once the leader stepped down — an
// acknowledged loss inside JetStream that the relay cannot see. So its run is not part of
// `npm test` (it would fail at random) and runs on request, as root:
//   BALCAO_FULL_DISK=1 npm test -- test/integration/relay/full-disk.test.ts
// README (relay, "A full disk on one node") says what to do about it in a deployment.
const root = process.getuid?.() === 0;
const runs = (engine: (typeof ENGINES)[number]) =>
  root && (engine !== NATS || process.env.BALCAO_FULL_DISK === '1');
const ADMIN = 'full-disk-admin-token-0123456789ab';

describe.each(ENGINES)('a $name node whose disk is full (root: a tmpfs mount)', (engine) => {
  const small = [0, 1, 2].map((i) => tempDir(`balcao-small-disk-${i}-`));
  let cluster: EngineCluster;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  beforeAll(async () => {
    if (!runs(engine)) return;
    for (const dir of small)
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m', 'tmpfs', dir]);
    cluster = await engine.startCluster({ dirs: small });
    relay = await startRelay({ store: engine.store(cluster.servers), adminToken: ADMIN });
  }, 90_000);
  afterAll(async () => {
    await relay?.close();
    await cluster?.stop();
    if (runs(engine)) for (const dir of small) execFileSync('umount', ['-l', dir]);
  });

  it.skipIf(!runs(engine))(
    '200 only when held by the quorum, else 503; nothing acknowledged lost',
    async () => {
      const { channelId, token } = await newRelayChannel(relay.url, ADMIN);
      expect(
        (await fetch(`${relay.url}/hooks/${channelId}`, { method: 'POST', body: '{}' })).status,
      ).toBe(200);
      // The leader: its disk is filled to the last byte.
      const leader = await engine.leader(cluster);
      const full = small[leader]!;
      expect(full).toBeDefined();
      const filler = `${full}/filler`;
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=300'], {
          stdio: 'ignore',
        });
      } catch {
        // dd stops at "No space left on device": the disk is full, as wanted.
      }
      expect(() => writeFileSync(`${full}/probe`, Buffer.alloc(4096))).toThrow(/ENOSPC/);
      const acked: string[] = [];
      const statuses: number[] = [];
      for (let n = 0, end = Date.now() + 20_000; Date.now() < end; n++) {
        const r = await fetch(`${relay.url}/hooks/${channelId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ n, pad: 'x'.repeat(2000) }),
          signal: AbortSignal.timeout(15_000),
        });
        statuses.push(r.status);
        const body = (await r.json()) as { id?: string };
        if (r.status === 200) acked.push(body.id!);
        else expect(r.headers.get('retry-after')).toBe('1');
        await new Promise((res) => setTimeout(res, 200));
      }
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      if (engine === ETCD) {
        // The full member stops (it cannot write its log); the other two go on: seen, one 503
        // in about 87 callbacks (the one in flight), every other answered 200.
        expect(cluster.exited(leader)).toBe(true);
        expect(statuses.filter((s) => s === 503).length).toBeLessThan(10);
      } else {
        // The full leader cannot store: 503 (seen: about 6 s) until it steps down; then the
        // two with room hold callbacks again.
        expect(statuses).toContain(503);
      }
      expect(acked.length).toBeGreaterThan(0);
      rmSync(filler);
      // Read as a terminal does: a stream that ends or is refused (a read failed on the store)
      // is reopened from the last id seen, until every acknowledged callback is there or 45 s pass.
      const t = sseTerminal(() => [relay.url], channelId, token);
      const seen = () => new Set(t.events.map((e) => e.id));
      await waitFor(() => acked.every((id) => seen().has(id)), 45_000).catch(() => undefined);
      t.stop();
      expect(acked.filter((id) => !seen().has(id))).toEqual([]);
    },
    120_000,
  );
});
