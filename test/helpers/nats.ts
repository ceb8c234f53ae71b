import { rmSync } from 'node:fs';
import { tempDir } from './core';
import { engineCluster } from './engine-cluster';
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
  // The directories made here go with the cluster (as the etcd helper's): JetStream's stores
  // left behind by every test run piled up in /tmp.
  const own = nodes.filter((_, i) => !o.dirs?.[i]).map((n) => n.dir);
  return {
    ...cluster,
    async stop() {
      await cluster.stop();
      for (const dir of own) rmSync(dir, { recursive: true, force: true });
    },
    servers: nodes.map((n) => `127.0.0.1:${n.port}`),
  };
}
