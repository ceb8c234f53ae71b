// Memory under hostile PSP replies (issue 21): a 200 MB reply and an endless fast stream,
// through the PSP client with its reply cap (1 MiB), the sandbox in its own process.
// Target: RSS of this process grows by less than 64 MB over the whole run (GC noise included).
import { PspClient } from '../electron/services/psp/client';
import { pspSettingsSchema } from '../shared/psp-settings';
import { figure } from './figures';
import { machine, sandboxProcess } from './helpers';

const sb = await sandboxProcess();
const client = new PspClient({
  settings: pspSettingsSchema.parse({ baseUrl: sb.baseUrl, requestTimeoutMs: 15_000 }),
  credentials: async () => ({ clientId: 'demo-client-id', clientSecret: 'demo-client-secret' }),
});
const fault = (kind: string, route: string, value?: number) =>
  fetch(`${sb.origin}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ route, kind, ...(value !== undefined && { value }) }),
  });
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

await client.balance(); // warm up: connections, code paths
globalThis.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const rounds = 10;
let refused = 0;
const started = performance.now();
for (let i = 0; i < rounds; i++) {
  await fault('oversize', 'GET /users/balance', 200 << 20);
  if ((await client.balance()).ok === false) refused++;
  await fault('endless', 'GET /crypto/fees');
  if ((await client.cryptoFees()).ok === false) refused++;
}
const took = performance.now() - started;
clearInterval(sampler);
console.log(machine());
console.log(
  `${rounds} × (200 MB reply + endless reply): ${refused}/${rounds * 2} cut off as PSP_REPLY_TOO_LARGE in ${took.toFixed(0)} ms`,
);
console.log(`RSS before ${mb(before)}, peak ${mb(peak)}, growth ${mb(peak - before)}`);
figure({
  name: `hostile PSP replies (${rounds} × a 200 MB reply + an endless one) cut off`,
  value: refused,
  unit: `of ${rounds * 2}`,
  target: ['=', rounds * 2],
});
figure({
  name: 'hostile PSP replies: RSS growth at the peak',
  value: (peak - before) / 2 ** 20,
  unit: 'MiB',
  target: ['<', 64],
});
sb.child.kill();
if (refused !== rounds * 2 || peak - before > 64 << 20) process.exit(1);
