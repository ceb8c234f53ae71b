import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../shared/settings';
import { launchChromium, shot } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { layoutProblems, LOOKED_AT, sizeName } from '../helpers/visual';

// A new shop whose owner reads English: the language is the first thing on the welcome screen,
// applied at once, kept, and the names nobody typed follow it (issue 34, deliver 7).
let browser: Browser;
let host: Host;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  host = await startHost([], { BALCAO_DATA_DIR: tempDir() });
  page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await page.goto(host.url);
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

async function looked(name: string) {
  for (const size of LOOKED_AT) {
    await page.setViewportSize(size);
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: shot(`${name}-${sizeName(size)}`) });
  }
}

describe('the welcome screen’s language', () => {
  it('English, chosen on the welcome screen: the screen at once, the Caixa, the names, after a reload', async () => {
    await page.getByRole('heading', { name: 'Bem-vindo ao Balcão' }).waitFor();
    const group = page.getByRole('group', { name: 'Idioma · Language' });
    await looked('boas-vindas-idioma-pt-BR');
    await group.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome to Balcão' }).waitFor();
    expect(await group.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await looked('boas-vindas-idioma-en');

    await page.getByRole('button', { name: 'Try it (DEMO)' }).click();
    await page.getByLabel('Amount', { exact: true }).waitFor();
    expect(await page.locator('.app-header .shop').textContent()).toContain('My shop');
    expect(await page.locator('.app-header .shop').textContent()).toContain('Register 1');
    const s = await host.call<AppSettings>('settings:get', {});
    expect(s.ok && s.value).toMatchObject({
      language: 'en',
      terminalName: 'Register 1',
      shopName: 'My shop',
    });
    await page.reload();
    await page.getByLabel('Amount', { exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  }, 90_000);
});
