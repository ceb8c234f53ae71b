// The cashier screen in Chromium against the development host: Enter → QR visible, sandbox
// pay → "Pago" visible, renderer JavaScript size (gzip), navigation → cashier interactive.
// Targets (issue 35): Enter → QR < 30 ms p99; pay → Pago < 15 ms p99; the first screen's JS
// (entry + static imports) < 100 KB gzip; navigation → cashier interactive p50 < 250 ms with the
// CPU throttled 4× (an old shop PC); the first owner screen < 300 ms after the PIN.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/helpers/browser';
import { firstScreen } from '../test/helpers/renderer-chunks';
import { figure } from './figures';
import { demoHost, typeSale } from './caixa-sale';
import { machine, ms, sandboxProcess, stats } from './helpers';

const OWNER_PIN = '2468'; // set through BALCAO_OWNER_PIN, as the e2e tests do
// 200: a p99 of 50 samples is their largest but one, one slow frame decides it.
const N = Number(process.env.BENCH_UI_CHARGES ?? 200);
spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'ignore' });
const assets = path.join('dist', 'renderer', 'assets');
const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
const gz = js.reduce(
  (sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length,
  0,
);
const first = await firstScreen();

const sb = await sandboxProcess();
const host = await demoHost(sb.baseUrl, sb.child, 'ui', { BALCAO_OWNER_PIN: OWNER_PIN });
const url = host.url;
const browser = await launchChromium();

// Navigation → cashier interactive (amount field focused, app info loaded), 10 cold loads,
// Chromium's CPU throttled 4× (DevTools' Emulation.setCPUThrottlingRate: an old shop PC).
const nav: number[] = [];
for (let i = 0; i < 10; i++) {
  const context = await browser.newContext({ bypassCSP: true });
  const p = await context.newPage();
  await (await context.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const t = performance.now();
  await p.goto(url);
  await p.waitForFunction(
    `document.activeElement?.id === 'amount' && !!document.querySelector('.connection') && !document.querySelector('.connection').textContent.includes('Sem conexão')`,
  );
  nav.push(performance.now() - t);
  await context.close();
}

// The first owner screen after the PIN: a fresh window, Saque PIX, the PIN, Enter → its form.
const owner: number[] = [];
for (let i = 0; i < 5; i++) {
  const context = await browser.newContext({ bypassCSP: true });
  await host.call('owner:lock', {}); // each window asks for the PIN
  const p = await context.newPage();
  await p.goto(url);
  await p.getByLabel('Valor').waitFor();
  await p.getByRole('button', { name: 'Saque PIX', exact: true }).click();
  await p.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
  const t = performance.now();
  await p.keyboard.press('Enter');
  await p.getByLabel('Chave PIX').waitFor();
  owner.push(performance.now() - t);
  await context.close();
}

const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true }); // the probes below are injected scripts
await page.goto(url);
await page.getByLabel('Valor').waitFor();
await page.evaluate(
  `window.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.t0 = performance.now(); }, { capture: true })`,
);
// Page code as strings: tsx's keepNames helpers do not exist inside the page.
const waitFor = (selector: string, text?: string, wallClock = false) =>
  page.evaluate(`new Promise((resolve) => {
    const now = () => ${wallClock ? 'performance.timeOrigin + ' : ''}performance.now();
    const found = () => [...document.querySelectorAll(${JSON.stringify(selector)})].some((el) => ${text === undefined ? 'true' : `el.textContent === ${JSON.stringify(text)}`});
    const obs = new MutationObserver(() => {
      if (found()) { obs.disconnect(); resolve(now()); }
    });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    if (found()) { obs.disconnect(); resolve(now()); }
    setTimeout(() => resolve(-1), 10000);
  })`) as Promise<number>;

const enterToQr: number[] = [];
const payToPaid: number[] = [];
const WARMUP = 5; // the first charges also log in to the PSP and warm the JIT
for (let i = 0; i < N + WARMUP; i++) {
  await typeSale(page, 100 + i);
  const qr = waitFor('img[alt="QR Code PIX"]');
  await page.getByLabel('Telefone do pagador').press('Enter');
  const shown = await qr;
  if (shown < 0) throw new Error(`no QR: ${await page.locator('.cashier').innerText()}`);
  const enterMs = shown - ((await page.evaluate('window.t0')) as number);
  const charges = (await (await fetch(`${sb.origin}/__sandbox/charges`)).json()) as Array<{
    id: string;
  }>;
  const paid = waitFor('.charge-status', 'Pago', true);
  // Both ends on the wall clock (each side's timeOrigin + now): "Pago" counts when it is in the
  // page, as the QR does, not when the DevTools connection has carried that back to this process.
  const t = performance.timeOrigin + performance.now();
  await fetch(`${sb.origin}/__sandbox/charges/${charges.at(-1)!.id}/pay`, { method: 'POST' });
  const shownAt = await paid;
  if (shownAt < 0) throw new Error(`no Pago: ${await page.locator('.cashier').innerText()}`);
  if (i >= WARMUP) {
    enterToQr.push(enterMs);
    payToPaid.push(shownAt - t);
  }
}
await browser.close();
await host.stop();
sb.child.kill();

const q = stats(enterToQr);
const p = stats(payToPaid);
const n = stats(nav);
const o = stats(owner);
console.log(`The cashier screen in Chromium (${machine()})`);
figure({
  name: `Enter → QR visible, p99 (${N} charges)`,
  value: q.p99,
  unit: 'ms',
  target: ['<', 30],
  note: `p50 ${ms(q.p50)}`,
});
figure({
  name: `sandbox pay → "Pago" visible through the embedded relay, p99 (${N})`,
  value: p.p99,
  unit: 'ms',
  target: ['<', 15],
  note: `p50 ${ms(p.p50)}`,
});
figure({
  name: "the Caixa's first-screen JavaScript (entry + static imports), gzip",
  value: first.gzipBytes / 1000,
  unit: 'KB',
  target: ['<', 100],
  note: `${first.files.length} files; all ${js.length} files ${(gz / 1000).toFixed(1)} KB`,
});
figure({
  name: 'navigation → cashier interactive, CPU throttled 4×, p50 (10 cold loads)',
  value: n.p50,
  unit: 'ms',
  target: ['<', 250],
  note: `max ${ms(n.max)}`,
});
figure({
  name: 'first owner screen after the PIN (Saque PIX, 5 fresh windows), max',
  value: o.max,
  unit: 'ms',
  target: ['<', 300],
  note: `p50 ${ms(o.p50)}`,
});
process.exit(0);
