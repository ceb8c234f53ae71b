import { tempDir } from './core';
import { engineCluster, removingOwnDirs } from './engine-cluster';
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
  return {
    ...removingOwnDirs(
      cluster,
      nodes.map((n) => n.dir),
      o.dirs,
    ),
    servers: nodes.map((n) => `127.0.0.1:${n.client}`),
  };
}
