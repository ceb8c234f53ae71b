// Runs a child process in the foreground, forwarding SIGINT/SIGTERM so that stopping the
// parent never leaves the child (the app) running, and exits with the child's status.
import { spawn } from 'node:child_process';

// The app's processes run with glibc's malloc arenas limited on Linux (a counter left running
// for days kept +46 MiB of idle arenas after a burst of charges; electron/main/os/malloc-arenas.ts,
// which the installed app applies to itself). An owner's own MALLOC_ARENA_MAX wins.
const arenas = process.platform === 'linux' ? { MALLOC_ARENA_MAX: '1' } : {};

export function runChild(cmd, args, options = {}) {
  const env = { ...arenas, ...(options.env ?? process.env) };
  const child = spawn(cmd, args, { stdio: 'inherit', ...options, env });
  const forward = (signal) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
