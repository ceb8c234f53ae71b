// Runs a child process in the foreground, forwarding SIGINT/SIGTERM so that stopping the
// parent never leaves the child (the app) running, and exits with the child's status.
import { spawn } from 'node:child_process';

export function runChild(cmd, args, options = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', ...options });
  const forward = (signal) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
