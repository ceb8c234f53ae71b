import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

export const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
    : NaN;

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? NaN,
  };
}

/**
 * Times `a` and `b` in turn, `n` times each after `warmup` untimed rounds: alternating, both see
 * the same server state and machine load. Their durations in ms.
 */
export async function alternate(
  n: number,
  warmup: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < n + warmup; i++) {
    for (const [fn, out] of [
      [a, times[0]],
      [b, times[1]],
    ] as const) {
      const t = performance.now();
      await fn();
      if (i >= warmup) out.push(performance.now() - t);
    }
  }
  return times;
}

export const ms = (x: number) => `${x.toFixed(3)} ms`;

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** Starts `npm run sandbox`-equivalent in its own process, so it does not share our event loop. */
export async function sandboxProcess(args: string[] = []): Promise<{
  baseUrl: string;
  origin: string;
  child: ChildProcess;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b) => {
      out += b;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/api)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
  return { baseUrl, origin: baseUrl.replace(/\/api$/, ''), child };
}

/**
 * A host's settled memory: a full GC (SIGUSR2, the host started with --expose-gc), idle while it
 * gives back the young generation it grew under load, another GC; the lowest of three such
 * looks (one look alone swung by ~26 MiB: V8's new space at 1 MiB in one, 27 MiB in the next).
 * `look` reads the figure; `value` ranks the looks.
 */
export async function settledLook<T>(
  child: ChildProcess,
  look: () => T,
  value: (t: T) => number,
): Promise<T> {
  let low: T | undefined;
  for (let i = 0; i < 3; i++) {
    child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, i === 0 ? 5000 : 2000));
    child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 500));
    const t = look();
    if (low === undefined || value(t) < value(low)) low = t;
  }
  return low!;
}
