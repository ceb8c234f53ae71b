import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run sandbox` as a child process, once it printed its base URL on a line of its own
 * (jsdom's realm breaks jose's checks in-process; the CLI test checks that line).
 */
export async function sandboxProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/api)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (c) => reject(new Error(`sandbox exited ${c}`)));
  });
  const exited = new Promise((r) => child.once('exit', r));
  return {
    baseUrl,
    control: (method: string, p: string) =>
      fetch(`${new URL(baseUrl).origin}/__sandbox${p}`, { method }),
    async close() {
      child.kill();
      await exited;
    },
  };
}
