import path from 'node:path';
import { forgetSecrets } from './api-pix-host';
import { openPage } from './browser';
import { tempDir } from './core';
import { startHost } from './devhost';
import type { Own } from './per-file';
import { startRelayProcess } from './relay-process';

/**
 * A shop's first run: the development host with no PSP and a fresh data directory, its secrets
 * under keychain `service` (`keys` forgotten at the end), and Chromium on it. Parts go to `own`.
 */
export async function openFirstRun(
  own: Own,
  service: string,
  keys: readonly string[],
  viewport: { width: number; height: number },
) {
  own({ close: () => forgetSecrets(service, keys) });
  const host = own(
    await startHost([], { BALCAO_DATA_DIR: tempDir(), BALCAO_KEYCHAIN_SERVICE: service }),
  );
  const { page } = own(await openPage(host.url, viewport));
  return { host, page };
}

/** `npm run relay` on a fresh SQLite store, killed at the end unless a test already did. */
export async function ownRelayProcess(own: Own, adminToken: string) {
  const relay = await startRelayProcess({
    adminToken,
    store: `sqlite:${path.join(tempDir(), 'relay.sqlite')}`,
  });
  own({ stop: () => relay.child.exitCode === null && relay.child.kill('SIGKILL') });
  return relay;
}
