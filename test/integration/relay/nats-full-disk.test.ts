import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsStore } from '../../../relay/nats-store';
import { startRelay } from '../../../relay/server';
import { tempDir } from '../../helpers/core';
import { startNatsCluster } from '../../helpers/nats';
import { newRelayChannel } from '../../helpers/relay-channel';

// One engine node whose disk is full: the stream leader's store on a small tmpfs, filled. The
// relay must answer 503 until the other two take over, and every callback answered 200 must
// be in the stream. FOUND (Debian nats-server 2.9.10): in 3 of 7 runs one to six callbacks
// answered 200 right after the disk filled were missing from the stream once the leader
// stepped down — an acknowledged loss inside JetStream that the relay cannot see. So this probe
// is not part of `npm test` (it would fail at random) and runs on request, as root:
//   BALCAO_FULL_DISK=1 npm test -- test/integration/relay/nats-full-disk.test.ts
// README (relay, "A full disk on one node") says what to do about it in a deployment.
const root = process.getuid?.() === 0 && process.env.BALCAO_FULL_DISK === '1';
const ADMIN = 'nats-disk-admin-token-0123456789ab';
// Each node's store on a small disk of its own: the one that leads the stream is filled.
const small = [0, 1, 2].map((i) => tempDir(`balcao-nats-small-${i}-`));
let nats: Awaited<ReturnType<typeof startNatsCluster>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
beforeAll(async () => {
  if (!root) return;
  for (const dir of small) execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir]);
  nats = await startNatsCluster(3, { dirs: small });
  relay = await startRelay({ store: new NatsStore(nats.servers), adminToken: ADMIN });
}, 90_000);
afterAll(async () => {
  await relay?.close();
  await nats?.stop();
  if (root) for (const dir of small) execFileSync('umount', ['-l', dir]);
});

describe.skipIf(!root)('a NATS node whose disk is full (root, on request: a tmpfs mount)', () => {
  it('200 only when held by the quorum, else 503; nothing acknowledged lost', async () => {
    const { channelId, token } = await newRelayChannel(relay.url, ADMIN);
    expect(
      (await fetch(`${relay.url}/hooks/${channelId}`, { method: 'POST', body: '{}' })).status,
    ).toBe(200);
    // The stream's leader (node names n0, n1, n2): its disk is filled to the last byte.
    const nc = await connect({ servers: nats.servers });
    const leader = (await (await nc.jetstreamManager()).streams.info('RELAY_EVENTS')).cluster
      ?.leader;
    await nc.close();
    const full = small[Number(/^n(\d)$/.exec(leader ?? '')?.[1])]!;
    expect(full).toBeDefined();
    const filler = `${full}/filler`;
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=64'], {
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
    // The full leader cannot store: 503 (seen: about 6 s) until it steps down; then the two
    // with room hold callbacks again.
    expect(statuses).toContain(503);
    expect(acked.length).toBeGreaterThan(0);
    rmSync(filler);
    // Read as a terminal does: a stream that ends (a read failed on the store) is reopened
    // from the last id seen, until every acknowledged callback is there or 45 s pass.
    const seen = new Set<string>();
    let last: string | undefined;
    for (
      const until = Date.now() + 45_000;
      Date.now() < until && !acked.every((id) => seen.has(id));
    ) {
      try {
        const res = await fetch(`${relay.url}/channels/${channelId}/events`, {
          headers: { authorization: `Bearer ${token}`, ...(last && { 'last-event-id': last }) },
          signal: AbortSignal.timeout(10_000),
        });
        const dec = new TextDecoder();
        let text = '';
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          text += dec.decode(chunk);
          for (const m of text.matchAll(/^id: (\S+)$/gm)) {
            seen.add(m[1]!);
            last = m[1]!;
          }
          if (acked.every((id) => seen.has(id))) break;
        }
      } catch {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    expect(acked.filter((id) => !seen.has(id))).toEqual([]);
  }, 120_000);
});
