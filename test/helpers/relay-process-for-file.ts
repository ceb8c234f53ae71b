import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './core';
import { startRelayProcess } from './relay-process';

type RelayProcess = Awaited<ReturnType<typeof startRelayProcess>>;

/**
 * `npm run relay` on a fresh SQLite file for the whole test file: started before its tests
 * (`relay.url`, `relay.child` are set for a later `beforeAll`), killed -9 after them.
 */
export function relayProcessForFile(o: { adminToken: string; nodeFlags?: string[] }): RelayProcess {
  const relay = {} as RelayProcess;
  beforeAll(async () => {
    const store = `sqlite:${path.join(tempDir(), 'relay.sqlite')}`;
    Object.assign(relay, await startRelayProcess({ ...o, store }));
  });
  afterAll(() => relay.child?.kill('SIGKILL'));
  return relay;
}
