import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser';
import { stopAll } from './stop-all';
import { tempDir } from './core';
import { startHost, type Host } from './devhost';
import { DEMO_ACCOUNT, sandbox, type TestSandbox } from './sandbox';

export const OWNER_PIN = '2468';

export interface AppSession {
  sb: TestSandbox;
  host: Host;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * The app as a cashier opens it: a sandbox PSP, the development host on it (fresh data
 * directory, owner PIN set), Debian's Chromium on the cashier screen.
 */
export async function openApp(
  viewport = { width: 1280, height: 800 },
  /** More development-host arguments (e.g. `--printer tcp://…`). */
  hostArgs: string[] = [],
): Promise<AppSession> {
  const sb = await sandbox();
  const host = await startHost(['--psp', sb.baseUrl, ...hostArgs], {
    BALCAO_DATA_DIR: tempDir(),
    BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
    BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
    BALCAO_OWNER_PIN: OWNER_PIN,
  });
  const { browser, page } = await openPage(host.url, viewport);
  await page.getByLabel('Valor').waitFor();
  return {
    sb,
    host,
    browser,
    page,
    async close() {
      await stopAll(browser, host, sb);
    },
  };
}
