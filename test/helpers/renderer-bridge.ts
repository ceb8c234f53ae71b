import { createHandlers } from '../../electron/services/handlers';
import { dispatch } from '../../electron/services/ipc-dispatch';
import { createApi } from '../../shared/ipc-api';
import { coreOn } from './core';
import { sandboxProcess } from './sandbox-process';

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
