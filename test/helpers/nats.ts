import { spawn, type ChildProcess } from 'node:child_process';
import { tempDir } from './core';
import { freePort, startRelayProcess } from './relay-process';

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
      child: null as ChildProcess | null,
    })),
  );
  const launch = (i: number) => {
    const n = nodes[i]!;
    n.child = spawn(
      'nats-server',
      [
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
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
  };
  /** Waits until node i says its JetStream is healthy (its monitoring /healthz). */
  const healthy = async (i: number, ms = 30_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const ok = await fetch(`http://127.0.0.1:${nodes[i]!.monitor}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`nats node ${i} not healthy`);
  };
  nodes.forEach((_, i) => launch(i));
  await Promise.all(nodes.map((_, i) => healthy(i)));
  return {
    servers: nodes.map((n) => `127.0.0.1:${n.port}`),
    /** kill -9 of node i (no clean shutdown). */
    async kill(i: number) {
      const c = nodes[i]!.child!;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
      nodes[i]!.child = null;
    },
    /** Node i stops answering (SIGSTOP: alive, sockets open, nothing processed) until resumed. */
    pause(i: number) {
      nodes[i]!.child!.kill('SIGSTOP');
    },
    resume(i: number) {
      nodes[i]!.child!.kill('SIGCONT');
    },
    async start(i: number) {
      launch(i);
      await healthy(i);
    },
    async stop() {
      await Promise.all(
        nodes.map(async (n) => {
          const c = n.child;
          if (!c) return;
          const exited = new Promise((r) => c.once('exit', r));
          c.kill('SIGKILL');
          await exited;
        }),
      );
    },
  };
}

/** `npm run relay` on the cluster's store, logging errors only: one of interchangeable instances. */
export const startNatsRelay = (servers: string[], adminToken: string) =>
  startRelayProcess({
    adminToken,
    store: `nats://${servers.join(',')}`,
    args: ['--log-level', 'error'],
  });
