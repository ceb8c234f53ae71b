// Where the counter's time goes (issue 35), stage by stage, in Chromium on the development host:
// not a benchmark with targets (bench/ui.bench.ts has those) but the breakdown behind them.
// Run: node --import tsx bench/ui-path.ts (after `npm run build`). BENCH_UI_CHARGES (30).
//
// Timestamps are epoch milliseconds with sub-ms precision (performance.timeOrigin + now) in the
// page, in this process and in the PSP proxy below, so the stages line up across processes.
// - Enter → QR: keydown → the create frame on the socket → the host's call to the PSP (proxy in)
//   → the PSP's answer (proxy out) → the reply frame in the page → the QR <img> in the DOM →
//   the frame after it (painted).
// - pay → Pago: the sandbox's pay → the event frame in the page → "Pago" in the DOM → painted.
// - React commits per charge: counted through the React DevTools hook (`__REACT_DEVTOOLS_GLOBAL_HOOK__`
//   installed before the app loads: React calls onCommitFiberRoot on every commit).
import http from 'node:http';
import { launchChromium } from '../test/helpers/browser';
import { demoHost, typeSale } from './caixa-sale';
import { sandboxProcess, stats } from './helpers';

const N = Number(process.env.BENCH_UI_CHARGES ?? 30);
const now = () => performance.timeOrigin + performance.now();
const sb = await sandboxProcess();

// A transparent proxy in front of the sandbox: when the host's request came in, when the
// sandbox's answer went out (the floor every charge pays).
const pspTimes: Array<{ path: string; in: number; out: number; upstream: number }> = [];
const target = new URL(sb.baseUrl);
// The charge's callback URL is pointed at this proxy too (`/__cb/<the relay's URL>`), so the
// sandbox's callback is timed: when it left the sandbox, when the relay acknowledged it.
const callbackTimes: Array<{ in: number; acked: number }> = [];
let proxyOrigin = '';
const proxy = http.createServer((req, res) => {
  const tin = now();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const tu = now();
    const cb = req.url?.startsWith('/__cb/') ? new URL(decodeURIComponent(req.url.slice(6))) : null;
    let body = Buffer.concat(chunks);
    if (!cb && req.method === 'POST') {
      const text = body
        .toString()
        .replace(
          /"(clientCallbackUrl|projectWebhook)":"([^"]+)"/g,
          (_m, k: string, v: string) => `"${k}":"${proxyOrigin}/__cb/${encodeURIComponent(v)}"`,
        );
      body = Buffer.from(text);
    }
    const headers = { ...req.headers, 'content-length': String(body.length) };
    if (cb) headers.host = cb.host;
    const up = http.request(
      {
        host: cb ? cb.hostname : target.hostname,
        port: cb ? cb.port : target.port,
        path: cb ? cb.pathname + cb.search : req.url,
        method: req.method,
        headers,
      },
      (ur) => {
        const body: Buffer[] = [];
        ur.on('data', (c: Buffer) => body.push(c));
        ur.on('end', () => {
          const upstream = now() - tu;
          res.writeHead(ur.statusCode ?? 502, ur.headers);
          res.end(Buffer.concat(body));
          if (cb) callbackTimes.push({ in: tin, acked: now() });
          else pspTimes.push({ path: req.url ?? '', in: tin, out: now(), upstream });
        });
      },
    );
    up.end(body);
  });
});
await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
proxyOrigin = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
const proxyUrl = `${proxyOrigin}${target.pathname}`;

const host = await demoHost(proxyUrl, sb.child, 'ui-path', { BALCAO_OWNER_PIN: '2468' });
const browser = await launchChromium();
const context = await browser.newContext({
  viewport: { width: 1280, height: 800 },
  bypassCSP: true,
});
// Before any page script: socket frames timed, React commits counted.
await context.addInitScript(`(() => {
  const T = () => performance.timeOrigin + performance.now();
  window.__path = { frames: [], commits: 0 };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; },
    onCommitFiberRoot() { window.__path.commits++; }, onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {}, checkDCE() {},
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (d) {
    try { const m = JSON.parse(d); window.__path.frames.push({ dir: 'out', t: T(), id: m.id, channel: m.channel }); } catch {}
    return send.call(this, d);
  };
  const W = window.WebSocket;
  window.WebSocket = function (...a) {
    const ws = new W(...a);
    ws.addEventListener('message', (e) => {
      try { const m = JSON.parse(e.data); window.__path.frames.push({ dir: 'in', t: T(), id: m.id, event: m.event, status: m.payload && m.payload.status }); } catch {}
    });
    return ws;
  };
  window.WebSocket.prototype = W.prototype;
  Object.assign(window.WebSocket, { OPEN: 1, CLOSED: 3, CONNECTING: 0, CLOSING: 2 });
  addEventListener('keydown', (e) => { if (e.key === 'Enter') window.__path.t0 = T(); }, { capture: true });
})()`);
// Navigation with the CPU throttled 4×: what runs before the Caixa is interactive, from the
// page's own timeline (navigation and resource timing, first paint, the socket's frames).
const navRows: Row[] = [];
for (let i = 0; i < Number(process.env.BENCH_UI_NAV ?? 5); i++) {
  const p = await context.newPage();
  await (await context.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await p.goto(host.url);
  await p.waitForFunction(
    `document.activeElement?.id === 'amount' && !!document.querySelector('.connection') && !document.querySelector('.connection').textContent.includes('Sem conexão')`,
  );
  const t = (await p.evaluate(`(() => {
    const T0 = performance.timeOrigin;
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const js = res.filter((r) => r.name.endsWith('.js'));
    const fp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
    const f = window.__path.frames;
    const out = f.filter((x) => x.dir === 'out');
    const inn = f.filter((x) => x.dir === 'in' && x.id !== undefined);
    return {
      'document received (responseEnd)': nav.responseEnd,
      'scripts fetched (last responseEnd)': Math.max(...js.map((r) => r.responseEnd)),
      'scripts in the first load': js.length,
      'DOMContentLoaded (module scripts ran)': nav.domContentLoadedEventEnd,
      'first call sent': out.length ? out[0].t - T0 : NaN,
      'last answer before interactive': inn.length ? inn[inn.length - 1].t - T0 : NaN,
      'calls before interactive': out.length,
      'first contentful paint': fp ? fp.startTime : NaN,
      'interactive (now)': performance.now(),
      ...Object.fromEntries(out.map((o) => {
        const a = inn.find((x) => x.id === o.id);
        return ['  ' + o.channel + ' sent → answered', a ? a.t - o.t : NaN];
      })),
      ...Object.fromEntries(out.map((o) => ['  ' + o.channel + ' sent, after the first call', o.t - out[0].t])),
    };
  })()`)) as Row;
  navRows.push(t);
  await p.close();
}

const page = await context.newPage();
page.on('pageerror', (e) => console.error('page error:', e.message));
await page.goto(host.url);
await page.getByLabel('Valor').waitFor({ timeout: 20_000 });

// Resolves with [in DOM, painted] epoch times: painted = the frame after the one it entered in.
const waitFor = (selector: string, text?: string) =>
  page.evaluate(`new Promise((resolve) => {
    const T = () => performance.timeOrigin + performance.now();
    const found = () => [...document.querySelectorAll(${JSON.stringify(selector)})].some((el) => ${text === undefined ? 'true' : `el.textContent === ${JSON.stringify(text)}`});
    const done = () => { const t = T(); requestAnimationFrame(() => setTimeout(() => resolve([t, T()]), 0)); };
    const obs = new MutationObserver(() => { if (found()) { obs.disconnect(); done(); } });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    if (found()) { obs.disconnect(); done(); }
    setTimeout(() => resolve([-1, -1]), 10000);
  })`) as Promise<[number, number]>;

type Row = Record<string, number>;
const rows: Row[] = [];
const pays: Row[] = [];
const WARMUP = 5;
for (let i = 0; i < N + WARMUP; i++) {
  await typeSale(page, 100 + i);
  await page.evaluate('window.__path.frames = []; window.__path.commits = 0');
  pspTimes.length = 0;
  const qr = waitFor('img[alt="QR Code PIX"]');
  await page.getByLabel('Telefone do pagador').press('Enter');
  const [qrDom, qrPaint] = await qr;
  if (qrDom < 0) throw new Error('no QR');
  const p = (await page.evaluate('window.__path')) as {
    t0: number;
    commits: number;
    frames: Array<{ dir: string; t: number; id?: number; channel?: string; event?: string }>;
  };
  const out = p.frames.find((f) => f.channel === 'charges:create')!;
  const reply = p.frames.find((f) => f.dir === 'in' && f.id === out.id)!;
  const create = pspTimes.filter((x) => /create|deposit|payments/.test(x.path));
  const psp = create.at(-1);
  const commitsCreate = p.commits;

  await page.evaluate('window.__path.frames = []; window.__path.commits = 0');
  const charges = (await (await fetch(`${sb.origin}/__sandbox/charges`)).json()) as Array<{
    id: string;
  }>;
  const paid = waitFor('.charge-status', 'Pago');
  callbackTimes.length = 0;
  const tPay = now();
  await fetch(`${sb.origin}/__sandbox/charges/${charges.at(-1)!.id}/pay`, { method: 'POST' });
  const [paidDom, paidPaint] = await paid;
  const q = (await page.evaluate('window.__path')) as typeof p;
  const ev = q.frames.filter((f) => f.dir === 'in' && f.event);
  if (i < WARMUP) continue;
  rows.push({
    'keydown → create frame sent': out.t - p.t0,
    'create frame → PSP request in': psp ? psp.in - out.t : NaN,
    'PSP (sandbox) round trip': psp ? psp.upstream : NaN,
    'PSP answer → reply frame in page': psp ? reply.t - psp.out : NaN,
    'reply frame → QR <img> in DOM': qrDom - reply.t,
    'QR in DOM → painted': qrPaint - qrDom,
    'Enter → QR painted (total)': qrPaint - p.t0,
    'PSP requests per charge': create.length,
    'React commits per charge (Enter → QR)': commitsCreate,
  });
  const firstEv = ev[0];
  const cbt = callbackTimes[0];
  pays.push({
    'pay → callback leaves the sandbox': cbt ? cbt.in - tPay : NaN,
    'callback → relay acknowledges (stored)': cbt ? cbt.acked - cbt.in : NaN,
    'relay ack → event frame in page': cbt && firstEv ? firstEv.t - cbt.acked : NaN,
    'pay → first event frame in page': firstEv ? firstEv.t - tPay : NaN,
    'event frames until Pago': ev.filter((f) => f.t <= paidDom).length,
    'first event frame → Pago in DOM': firstEv ? paidDom - firstEv.t : NaN,
    'Pago in DOM → painted': paidPaint - paidDom,
    'pay → Pago painted (total)': paidPaint - tPay,
    'React commits (pay → Pago)': q.commits,
  });
}
await browser.close();
await host.stop();
sb.child.kill();
proxy.close();

const show = (title: string, list: Row[]) => {
  console.log(`\n${title} (${list.length} charges)`);
  for (const k of Object.keys(list[0]!)) {
    const s = stats(list.map((r) => r[k]!).filter((x) => x !== undefined));
    console.log(
      `  ${k.padEnd(42)} p50 ${s.p50.toFixed(2).padStart(7)}  p99 ${s.p99.toFixed(2).padStart(7)}`,
    );
  }
};
show('navigation → interactive, CPU 4× (ms from navigation start)', navRows);
show('Enter → QR', rows);
show('pay → Pago', pays);
process.exit(0);
