import { spawn, type ChildProcess } from 'node:child_process';
import { ARENA_LIMIT } from '../../electron/main/os/malloc-arenas';
import path from 'node:path';
import WebSocket from 'ws';
import type { Result } from '../../shared/result';

const root = path.resolve(import.meta.dirname, '../..');

export interface Host {
  url: string;
  child: ChildProcess;
  output: () => string;
  call<T = unknown>(channel: string, payload: unknown): Promise<Result<T>>;
  frames: string[];
  events: Array<{ event: string; payload: unknown }>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

/** `npm run start:browser` as a real child process, and a WebSocket client speaking its protocol. */
export async function startHost(
  args: string[],
  env: Record<string, string>,
  opts: {
    nodeFlags?: string[];
    logs?: boolean;
    /** Each event as it arrives (a chaos run times them). */
    onEvent?: (event: string, payload: unknown) => void;
  } = {},
): Promise<Host> {
  const child = spawn(
    process.execPath,
    [
      ...(opts.nodeFlags ?? []),
      '--import',
      'tsx',
      'scripts/devhost/cli.ts',
      '--port',
      '0',
      '--no-open',
      ...args,
    ],
    {
      cwd: root,
      // As `npm start` runs it (scripts/run-child.mjs): what the benchmarks measure is what runs.
      env: { ...(process.platform === 'linux' && ARENA_LIMIT), ...process.env, ...env },
      stdio: ['ignore', 'pipe', opts.logs === false ? 'ignore' : 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr?.on('data', (b) => (out += b));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 30_000);
    const poll = setInterval(() => {
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)$/m.exec(out);
      if (m) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(m[1]!);
      }
      if (child.exitCode !== null) {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`host exited ${child.exitCode}:\n${out}`));
      }
    }, 25);
  });
  const u = new URL(url);
  const token = new URLSearchParams(u.hash.slice(1)).get('token')!;
  const ws = new WebSocket(`ws://${u.host}/__devhost/ipc?token=${token}`, { origin: u.origin });
  const frames: string[] = [];
  const events: Host['events'] = [];
  const pending = new Map<number, (r: Result<unknown>) => void>();
  ws.on('message', (d) => {
    const text = String(d);
    frames.push(text);
    const m = JSON.parse(text) as {
      id?: number;
      result?: Result<unknown>;
      event?: string;
      payload?: unknown;
    };
    if (m.id !== undefined) pending.get(m.id)?.(m.result!);
    else if (m.event) {
      events.push({ event: m.event, payload: m.payload });
      opts.onEvent?.(m.event, m.payload);
    }
  });
  ws.on('close', () => {
    for (const resolve of pending.values())
      resolve({ ok: false, kind: 'unavailable', code: 'HOST_GONE' });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let seq = 0;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    child,
    output: () => out,
    frames,
    events,
    call: <T>(channel: string, payload: unknown) =>
      new Promise<Result<T>>((resolve) => {
        const id = ++seq;
        pending.set(id, resolve as (r: Result<unknown>) => void);
        ws.send(JSON.stringify({ id, channel, payload }));
      }),
    async stop() {
      ws.close();
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
      ws.terminate();
    },
  };
}
