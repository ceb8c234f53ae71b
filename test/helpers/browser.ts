import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../e2e/artifacts');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
}

export const shot = (name: string) => path.join(ARTIFACTS, `${name}.png`);

/** Chromium (above) with one page of that size, opened on `url`; `close` closes the browser. */
export async function openPage(url: string, viewport: { width: number; height: number }) {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  return { browser, page, close: () => browser.close() };
}
