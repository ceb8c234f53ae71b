import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A cluster of real engine processes on loopback (NATS, etcd), one per node, each started by
 * `argsOf(i)` and healthy once `isHealthy(i)`. `kill(i)` is kill -9 of node i; `start(i)` brings
 * it back on the same ports and data.
 */
export async function engineCluster(o: {
  size: number;
  command: string;
  argsOf: (i: number) => string[];
  isHealthy: (i: number) => Promise<boolean>;
  name: string;
}) {
  const children: Array<ChildProcess | null> = Array.from({ length: o.size }, () => null);
  /** The end of each node's own log (stderr), for the error when it does not come up. */
  const tails = Array.from({ length: o.size }, () => '');
  const launch = (i: number) => {
    const c = spawn(o.command, o.argsOf(i), { stdio: ['ignore', 'ignore', 'pipe'] });
    c.stderr.on('data', (d: Buffer) => (tails[i] = (tails[i] + d.toString()).slice(-4000)));
    children[i] = c;
  };
  /** Waits until node i says it is healthy. */
  const healthy = async (i: number, ms = 60_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await o.isHealthy(i).catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${o.name} node ${i} not healthy; its log ends:\n${tails[i]}`);
  };
  const killChild = async (c: ChildProcess | null) => {
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  children.forEach((_, i) => launch(i));
  await Promise.all(children.map((_, i) => healthy(i)));
  return {
    /** kill -9 of node i (no clean shutdown). */
    async kill(i: number) {
      await killChild(children[i]!);
      children[i] = null;
    },
    /**
     * Node i stops answering (SIGSTOP: alive, sockets open, nothing processed) until resumed.
     * Resolves once every thread of it is stopped: the signal lands when the kernel next schedules
     * each thread, and on two loaded cores a write sent just after kill() was once still
     * replicated by a node "paused" a moment before.
     */
    async pause(i: number) {
      const c = children[i]!;
      c.kill('SIGSTOP');
      await allThreadsStopped(c.pid!);
    },
    resume(i: number) {
      children[i]!.kill('SIGCONT');
    },
    /** Whether node i's process has ended by itself (a fatal error, such as a full disk). */
    exited(i: number) {
      const c = children[i];
      return !c || c.exitCode !== null || c.signalCode !== null;
    },
    async start(i: number) {
      launch(i);
      await healthy(i);
    },
    healthy,
    async stop() {
      await Promise.all(children.map(killChild));
    },
  };
}

/** Waits (up to 5 s) until /proc says every thread of `pid` is stopped (state T). */
async function allThreadsStopped(pid: number) {
  const stopped = () => {
    try {
      return readdirSync(`/proc/${pid}/task`).every((t) => {
        // The state follows the command's closing parenthesis: "pid (comm) T ...".
        const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'T';
      });
    } catch {
      return true; // gone: nothing left to answer
    }
  };
  for (const end = Date.now() + 5000; !stopped() && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 5));
}

/**
 * The cluster, whose `stop` also deletes the data directories this helper made (not those a test
 * passed in to reuse): left behind, etcd's 64 MB logs and JetStream's stores filled /tmp.
 */
export function removingOwnDirs<C extends { stop(): Promise<unknown> }>(
  cluster: C,
  dirs: string[],
  given: Array<string | undefined> | undefined,
): C {
  const own = dirs.filter((_, i) => !given?.[i]);
  return {
    ...cluster,
    async stop() {
      await cluster.stop();
      for (const dir of own) rmSync(dir, { recursive: true, force: true });
    },
  };
}
