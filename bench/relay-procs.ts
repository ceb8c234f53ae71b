// Relay processes for the benchmarks: `npm run relay` under a raised file-descriptor limit
// (each connected terminal holds a socket: 10,000 terminals need more than the usual 1,024),
// logging to a file so a busy relay never waits on a pipe the bench is not reading.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, relayCliArgs } from '../test/helpers/relay-process';

/** The hard limit of open files: what `ulimit -n` may be raised to without privileges. */
export const hardNofile = () =>
  Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim()) || 4096;

/** `node …args` with `ulimit -n` raised to the hard limit first (POSIX sh). */
export function spawnWithNofile(
  args: string[],
  o: { stdout?: number | 'inherit' | 'pipe'; env?: NodeJS.ProcessEnv } = {},
) {
  return spawn(
    'sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"', process.execPath, ...args],
    {
      stdio: ['ignore', o.stdout ?? 'inherit', 'inherit'],
      env: o.env ?? process.env,
    },
  );
}

export async function startBenchRelay(o: {
  store: string;
  adminToken: string;
  dir: string;
  name: string;
  /** A given port (a relay restarted where its terminals reconnect), else a free one. */
  port?: number;
}): Promise<{ url: string; pid: number; child: ChildProcess; logFile: string }> {
  const port = o.port ?? (await freePort());
  const logFile = path.join(o.dir, `${o.name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawnWithNofile(
    [
      '--expose-gc',
      // The per-channel limit lifted: the benchmark measures the relay, not its limiter.
      ...relayCliArgs(port, o.store, [
        ...['--rate-per-channel', '1000000', '--burst', '1000000'],
        // BENCH_RELAY_ETCD_GROUP_COMMIT=1: one transaction per callback, to compare.
        ...(o.store.startsWith('etcd://') && process.env.BENCH_RELAY_ETCD_GROUP_COMMIT
          ? ['--etcd-group-commit', process.env.BENCH_RELAY_ETCD_GROUP_COMMIT]
          : []),
      ]),
    ],
    { stdout: fd, env: { ...process.env, RELAY_ADMIN_TOKEN: o.adminToken } },
  );
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (!readFileSync(logFile, 'utf8').includes(`${url}\n`)) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(
        `relay ${o.name} did not start: ${readFileSync(logFile, 'utf8').slice(-500)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, child, logFile };
}

/** Runs `node …args` to its end without blocking this event loop; its last stdout line. */
export function runTool(args: string[], timeoutMs = 600_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnWithNofile(args, { stdout: 'pipe' });
    let out = '';
    child.stdout!.on('data', (b) => (out += b));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(last);
      else reject(new Error(`${args.join(' ').slice(0, 120)} exited ${code}: ${out.slice(-500)}`));
    });
  });
}

/** bench/null-relay.ts in its own process: a relay that stores nothing (the load tool's ceiling). */
export async function startNullRelay(): Promise<{ url: string; pid: number; child: ChildProcess }> {
  const child = spawnWithNofile(['--import', 'tsx', path.resolve('bench', 'null-relay.ts')], {
    stdout: 'pipe',
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b) => {
      out += b;
      const m = /^(http:\/\/\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`null relay exited ${code}`)));
  });
  return { url, pid: child.pid!, child };
}
