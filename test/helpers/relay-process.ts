import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A loopback port that is free right now. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** How `node` runs the relay: from source as `npm run relay` does, or the built bundle. */
const SOURCE = ['--import', 'tsx', 'relay/cli.ts'];
/** What the Docker image runs (relay/Dockerfile), built by the tests' global setup. */
const BUILT = ['dist/relay/cli.mjs'];

/** `node` arguments that run `npm run relay` on `port` and `store`, `args` after them. */
export const relayCliArgs = (port: number, store: string, args: string[] = [], built = false) => [
  ...(built ? BUILT : SOURCE),
  '--port',
  String(port),
  '--store',
  store,
  ...args,
];

/**
 * `npm run relay` as its own process (so it can be killed with SIGKILL, or its memory read),
 * ready once it printed its URL.
 */
export async function startRelayProcess(o: {
  adminToken: string;
  store: string;
  port?: number;
  args?: string[];
  nodeFlags?: string[];
  /** A command the relay runs under, e.g. `prlimit --nofile=256 --` (its arguments follow). */
  wrap?: string[];
  /** The built bundle (dist/relay/cli.mjs) instead of the sources. */
  built?: boolean;
}): Promise<{ url: string; port: number; child: ChildProcess }> {
  const port = o.port ?? (await freePort());
  const [cmd, ...pre] = [...(o.wrap ?? []), process.execPath];
  const child = spawn(
    cmd!,
    [...pre, ...(o.nodeFlags ?? []), ...relayCliArgs(port, o.store, o.args, o.built)],
    {
      cwd: root,
      env: { ...process.env, RELAY_ADMIN_TOKEN: o.adminToken },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (b) => String(b).includes('http://') && resolve());
    child.on('exit', (c) => reject(new Error(`relay exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, port, child };
}

/**
 * `npm run relay` on a replicated store's nodes (`nats`, `etcd`), logging errors only: one of
 * interchangeable instances.
 */
export const startReplicatedRelay = (
  scheme: 'nats' | 'etcd',
  servers: string[],
  adminToken: string,
) =>
  startRelayProcess({
    adminToken,
    store: `${scheme}://${servers.join(',')}`,
    args: ['--log-level', 'error'],
  });
