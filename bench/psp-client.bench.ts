// 500 deposit creations on loopback: through the PSP client vs a bare fetch of the same request.
// Target: the client adds less than 1 ms at p50.
import { PspClient } from '../electron/services/psp/client';
import { pspSettingsSchema } from '../shared/psp-settings';
import { figure } from './figures';
import { alternate, machine, ms, sandboxProcess, stats } from './helpers';

const N = 500;
const WARMUP = 50;
const sb = await sandboxProcess();
const creds = { clientId: 'demo-client-id', clientSecret: 'demo-client-secret' };
const client = new PspClient({
  settings: pspSettingsSchema.parse({ baseUrl: sb.baseUrl }),
  credentials: async () => creds,
});
const login = await fetch(`${sb.baseUrl}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ client_id: creds.clientId, client_secret: creds.clientSecret }),
});
const token = ((await login.json()) as { access_token: string }).access_token;
const payer = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '5511912345678',
};
const callbackUrl = 'http://127.0.0.1:1/cb';

let seq = 0;
async function viaClient() {
  const r = await client.createDeposit({
    amountCents: 1234,
    externalId: `bc-${seq++}`,
    callbackUrl,
    payer,
  });
  if (!r.ok) throw new Error(r.message);
}
async function viaFetch() {
  const res = await fetch(`${sb.baseUrl}/payments/deposit`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      amount: 12.34,
      external_id: `bf-${seq++}`,
      clientCallbackUrl: callbackUrl,
      payer,
    }),
  });
  if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
  await res.json();
}

const [client_ms, fetch_ms] = await alternate(N, WARMUP, viaClient, viaFetch);
sb.child.kill();

const c = stats(client_ms);
const f = stats(fetch_ms);
console.log(`PSP client vs bare fetch — ${N} deposit creations on loopback (${machine()})`);
console.log(`  client      p50 ${ms(c.p50)}  p99 ${ms(c.p99)}`);
console.log(`  bare fetch  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}`);
figure({
  name: `PSP client's own cost on a deposit, p50 (client − bare fetch, ${N} alternated)`,
  value: c.p50 - f.p50,
  unit: 'ms',
  target: ['<', 1],
  note: `p99 ratio ${(c.p99 / f.p99).toFixed(2)}×`,
});
