import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';

// Issue 35, navigation → cashier interactive on an old PC: every call the Caixa needs before it
// shows goes out in one round trip (none waits for another's answer), and the charge in
// progress still comes back after a reload.
let host: Host;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  host = await startHost([], { BALCAO_DATA_DIR: tempDir() });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Each frame on the host's socket, in order: calls out, answers in.
  await context.addInitScript(`(() => {
    window.__frames = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (d) {
      try { window.__frames.push({ dir: 'out', channel: JSON.parse(d).channel }); } catch {}
      return send.call(this, d);
    };
    // When the socket was opened (the first call), and whether React had drawn anything yet.
    new MutationObserver((_m, obs) => {
      if (document.getElementById('root')?.firstChild) { window.__drawnAt = performance.now(); obs.disconnect(); }
    }).observe(document, { subtree: true, childList: true });
    const W = window.WebSocket;
    window.WebSocket = function (...a) {
      window.__socketAt ??= performance.now();
      const ws = new W(...a);
      ws.addEventListener('message', (e) => {
        try { const m = JSON.parse(e.data); if (m.id !== undefined) window.__frames.push({ dir: 'in' }); } catch {}
      });
      return ws;
    };
    window.WebSocket.prototype = W.prototype;
    Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  })()`);
  page = await context.newPage();
  // A fresh install opens the welcome: DEMO is tried once, then every load opens the Caixa.
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Experimentar (DEMO)' }).click();
  await page.getByLabel('Valor').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

type Frame = { dir: 'out' | 'in'; channel?: string };
const callsBeforeFirstAnswer = async () => {
  const frames = (await page.evaluate('window.__frames')) as Frame[];
  const first = frames.findIndex((f) => f.dir === 'in');
  return frames.slice(0, first).map((f) => f.channel);
};

describe('the Caixa’s first load', () => {
  it('asks for the app, the owner, the settings and the charge in progress in one round', async () => {
    await page.reload();
    await page.getByLabel('Valor').waitFor();
    expect(await callsBeforeFirstAnswer()).toEqual(
      expect.arrayContaining(['app:info', 'owner:status', 'settings:get', 'charges:current']),
    );
  });

  it('sends them before React has drawn anything (the host answers while the first render runs)', async () => {
    await page.reload();
    await page.getByLabel('Valor').waitFor();
    const [socketAt, drawnAt] = (await page.evaluate('[window.__socketAt, window.__drawnAt]')) as [
      number,
      number,
    ];
    expect(socketAt).toBeLessThan(drawnAt);
  });

  it('a reload brings the charge on screen back, its QR shown', async () => {
    await page.getByLabel('Valor').pressSequentially('1234');
    await page.getByLabel('Valor').press('Enter');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await page.reload();
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    expect(await page.locator('.panel-amount').innerText()).toMatch(/^R\$\s12,34$/);
    expect(await callsBeforeFirstAnswer()).toContain('charges:current');
  });
});
