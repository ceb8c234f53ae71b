// Where the page's main thread goes between a sandbox payment and "Pago" in the DOM (issue 35):
// Chromium's CPU profile (CDP Profiler, 50 µs samples) over each pay → Pago, self time per
// function averaged per payment. Not a benchmark (bench/ui.bench.ts has the target; bench/ui-path.ts
// the steps). It found a new AudioContext per chime (2.3 ms) and Intl formats built per call
// (1.7 ms). Run after `npm run build`: node --import tsx bench/pay-profile.ts
import { launchChromium } from '../test/helpers/browser';
import { demoHost, typeSale } from './caixa-sale';
import { sandboxProcess } from './helpers';
const sb = await sandboxProcess();
const host = await demoHost(sb.baseUrl, sb.child, 'prof');
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
await page.goto(host.url);
await page.getByLabel('Valor').waitFor();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
const selfMs = new Map<string, number>();
const N = Number(process.env.BENCH_N ?? 20);
const WARMUP = 3;
for (let i = 0; i < N; i++) {
  await typeSale(page, 100 + i);
  await page.getByLabel('Telefone do pagador').press('Enter');
  await page.locator('img[alt="QR Code PIX"]').waitFor();
  const charges = (await (await fetch(`${sb.origin}/__sandbox/charges`)).json()) as Array<{
    id: string;
  }>;
  await new Promise((r) => setTimeout(r, 300));
  await cdp.send('Profiler.start');
  await fetch(`${sb.origin}/__sandbox/charges/${charges.at(-1)!.id}/pay`, { method: 'POST' });
  await page.locator('.charge-status', { hasText: 'Pago' }).waitFor();
  const { profile } = await cdp.send('Profiler.stop');
  if (i < WARMUP) continue;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, k) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (dt[k + 1] ?? 0));
  });
}
const perPay = (us: number) => (us / 1000 / (N - WARMUP)).toFixed(2).padStart(7);
const top = [...selfMs.entries()]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 40);
for (const [k, v] of top) console.log(perPay(v), 'ms/pay', k);
await browser.close();
await host.stop();
sb.child.kill();
