import { spawn } from 'node:child_process';
import path from 'node:path';
import { createHandlers } from '../../electron/services/handlers';
import { dispatch } from '../../electron/services/ipc-dispatch';
import { createApi } from '../../shared/ipc-api';
import { coreOn } from './core';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run sandbox` as a child process (jsdom's realm breaks jose's checks in-process). */
async function sandboxProcess() {
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

/**
 * `window.balcao` for renderer tests in jsdom, over the real app: the terminal's services
 * (real SQLite ledger) on the PSP sandbox over HTTP, behind the real handlers and contract
 * dispatch. Values cross as JSON, as they do over IPC or the development host's WebSocket.
 */
export async function installBridge() {
  const sb = await sandboxProcess();
  const { core, dataDir } = await coreOn(sb.baseUrl);
  await core.start();
  const handlers = createHandlers(core, 'browser');
  const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  window.balcao = createApi(
    async (channel, input) => wire(await dispatch(handlers, channel, wire(input), core.logger)),
    (event, listener) => core.events.on(event, (p) => listener(wire(p))),
  );
  return {
    core,
    sb,
    dataDir,
    async close() {
      delete window.balcao;
      await core.stop();
      await sb.close();
    },
  };
}
