import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser';
import { stopAll } from './stop-all';
import { tempDir } from './core';
import { startHost, type Host } from './devhost';
import { perFile } from './per-file';
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
 * The development host as a shop runs it: on a sandbox PSP, with a fresh data directory and the
 * owner PIN set. The sandbox is closed again when the host does not start.
 */
export async function startShop(
  /** More development-host arguments (e.g. `--printer tcp://…`). */
  hostArgs: string[] = [],
): Promise<{ sb: TestSandbox; host: Host }> {
  const sb = await sandbox();
  try {
    const host = await startHost(['--psp', sb.baseUrl, ...hostArgs], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
      BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
      BALCAO_OWNER_PIN: OWNER_PIN,
    });
    return { sb, host };
  } catch (e) {
    await sb.close();
    throw e;
  }
}

/** The app as a cashier opens it: the shop's host (above), Debian's Chromium on the cashier screen. */
export async function openApp(
  viewport = { width: 1280, height: 800 },
  hostArgs: string[] = [],
): Promise<AppSession> {
  const { sb, host } = await startShop(hostArgs);
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

/** `openApp` shared by a whole test file (perFile): opened before its tests, closed after them. */
export const appPerFile = (...args: Parameters<typeof openApp>) =>
  perFile(async (own) => own(await openApp(...args)));
