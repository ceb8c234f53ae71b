import { rmSync } from 'node:fs';
import { tempDir } from './core';
import { engineCluster } from './engine-cluster';
import { freePort } from './relay-process';

/**
 * A real three-member etcd cluster on loopback (free ports, its own data directories), for the
 * replicated relay store. `kill(i)` is kill -9 of member i; `start(i)` brings it back on the
 * same ports and data (a member with a data directory rejoins from it).
 */
export async function startEtcdCluster(size = 3, o: { dirs?: Array<string | undefined> } = {}) {
  const nodes = await Promise.all(
    Array.from({ length: size }, async (_, i) => ({
      name: `e${i}`,
      client: await freePort(),
      peer: await freePort(),
      dir: o.dirs?.[i] ?? tempDir(`balcao-etcd-${i}-`),
    })),
  );
  const initial = nodes.map((n) => `${n.name}=http://127.0.0.1:${n.peer}`).join(',');
  const cluster = await engineCluster({
    size,
    name: 'etcd',
    command: 'etcd',
    argsOf: (i) => {
      const n = nodes[i]!;
      return [
        '--name',
        n.name,
        '--data-dir',
        `${n.dir}/data`,
        '--listen-client-urls',
        `http://127.0.0.1:${n.client}`,
        '--advertise-client-urls',
        `http://127.0.0.1:${n.client}`,
        '--listen-peer-urls',
        `http://127.0.0.1:${n.peer}`,
        '--initial-advertise-peer-urls',
        `http://127.0.0.1:${n.peer}`,
        '--initial-cluster',
        initial,
        '--initial-cluster-state',
        'new',
        '--initial-cluster-token',
        'relay-test',
        '--log-level',
        'error',
      ];
    },
    // /health answers true once the member has a leader and a linearizable read succeeds.
    isHealthy: async (i) => {
      const r = await fetch(`http://127.0.0.1:${nodes[i]!.client}/health`);
      return r.ok && ((await r.json()) as { health: string }).health === 'true';
    },
  });
  // The data directories made here go with the cluster: each member preallocates a 64 MB log,
  // and left behind they filled this machine's disk (559 of them, 69 GB, on 2026-11-28).
  const own = nodes.filter((_, i) => !o.dirs?.[i]).map((n) => n.dir);
  return {
    ...cluster,
    async stop() {
      await cluster.stop();
      for (const dir of own) rmSync(dir, { recursive: true, force: true });
    },
    servers: nodes.map((n) => `127.0.0.1:${n.client}`),
  };
}
