import { tempDir } from './core';
import { engineCluster, removingOwnDirs } from './engine-cluster';
import { freePort } from './relay-process';

/**
 * A real three-node NATS JetStream cluster on loopback (free ports, its own directories), for
 * the replicated relay store. `kill(i)` is kill -9 of node i; `start(i)` brings it back on the
 * same ports and data.
 */
export async function startNatsCluster(size = 3, o: { dirs?: Array<string | undefined> } = {}) {
  const nodes = await Promise.all(
    Array.from({ length: size }, async (_, i) => ({
      name: `n${i}`,
      port: await freePort(),
      cluster: await freePort(),
      monitor: await freePort(),
      dir: o.dirs?.[i] ?? tempDir(`balcao-nats-${i}-`),
    })),
  );
  const cluster = await engineCluster({
    size,
    name: 'nats',
    command: 'nats-server',
    argsOf: (i) => {
      const n = nodes[i]!;
      return [
        '-a',
        '127.0.0.1',
        '-p',
        String(n.port),
        '-m',
        String(n.monitor),
        '-n',
        n.name,
        '-js',
        '-sd',
        n.dir,
        '--cluster_name',
        'relay',
        '--cluster',
        `nats://127.0.0.1:${n.cluster}`,
        '--routes',
        nodes
          .filter((o) => o !== n)
          .map((o) => `nats://127.0.0.1:${o.cluster}`)
          .join(','),
      ];
    },
    // Its monitoring /healthz: JetStream is up and current.
    isHealthy: async (i) => (await fetch(`http://127.0.0.1:${nodes[i]!.monitor}/healthz`)).ok,
  });
  return {
    ...removingOwnDirs(
      cluster,
      nodes.map((n) => n.dir),
      o.dirs,
    ),
    servers: nodes.map((n) => `127.0.0.1:${n.port}`),
  };
}
