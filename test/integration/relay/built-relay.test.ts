import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core';
import { startEtcdCluster } from '../../helpers/etcd';
import { postOnce } from '../../helpers/one-post';
import { newRelayChannel } from '../../helpers/relay-channel';
import { startRelayProcess } from '../../helpers/relay-process';
import { sseEvents } from '../../helpers/sse-events';

// The relay as the Docker image runs it: the built bundle (dist/relay/cli.mjs, made by the
// tests' global setup), not the sources. A dependency that reads files beside its own code
// (etcd3 loads its gRPC definitions at import) works from the sources and may fail bundled:
// it once stopped the bundle from starting at all, whatever the store.
const ADMIN = 'built-relay-admin-token-0123456789';
let etcd: Awaited<ReturnType<typeof startEtcdCluster>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  etcd = await startEtcdCluster();
}, 60_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await etcd?.stop();
});

describe('the built relay bundle', () => {
  it.each([
    ['SQLite', () => `sqlite:${tempDir()}/relay.sqlite`],
    ['etcd', () => `etcd://${etcd.servers.join(',')}`],
  ])(
    'on %s: takes a callback and streams it',
    async (_name, store) => {
      const relay = await startRelayProcess({
        adminToken: ADMIN,
        store: store(),
        args: ['--log-level', 'error'],
        built: true,
      });
      children.push(relay.child);
      const c = await newRelayChannel(relay.url, ADMIN);
      expect((await postOnce(`${relay.url}/hooks/${c.channelId}`, '{"n":1}', 10_000)).status).toBe(
        200,
      );
      const res = await fetch(`${relay.url}/channels/${c.channelId}/events`, {
        headers: { authorization: `Bearer ${c.token}` },
        signal: AbortSignal.timeout(10_000),
      });
      for await (const { data } of sseEvents(res.body)) {
        expect((JSON.parse(data) as { body: string }).body).toBe('{"n":1}');
        break;
      }
    },
    30_000,
  );
});
