// Callback → `Pago` on screen, p50/p99, under the two callback policies in one run: `hmac`
// (seed dialect: the signed callback is applied) and `confirm-by-query` (cics-pt dialect: the
// unsigned callback is a hint, one extra round trip to the PSP's status query). Each path runs
// end to end: the sandbox in its own process calls the development host's embedded relay; the
// figure is from the payer paying (the control call) to the `charges:updated` PAID event on the
// host's WebSocket (what the screen receives).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChargeView } from '../shared/views';
import { startHost } from '../test/helpers/devhost';
import { machine, ms, sandboxProcess, stats } from './helpers';

// cics-pt allows 60 status queries a minute: stay under it (the hints share that budget).
const N = Number(process.env.BENCH_N ?? 40);
const payer = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '(11) 91234-5678',
};

async function run(dialect: 'seed' | 'cics-pt') {
  const sb = await sandboxProcess(['--dialect', dialect]);
  const host = await startHost(
    ['--psp', sb.baseUrl, '--psp-preset', dialect],
    {
      BALCAO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'balcao-bench-')),
      BALCAO_CLIENT_ID: 'demo-client-id',
      BALCAO_CLIENT_SECRET: 'demo-client-secret',
    },
    { logs: false },
  );
  const samples: number[] = [];
  try {
    for (let i = 0; i < N; i++) {
      const c = await host.call<ChargeView>('charges:create', { amountCents: 1000 + i, payer });
      if (!c.ok) throw new Error(c.message);
      const paid = new Promise<number>((resolve) => {
        const seen = host.events.length;
        const poll = () => {
          for (const e of host.events.slice(seen)) {
            const v = e.payload as ChargeView;
            if (e.event === 'charges:updated' && v.id === c.value.id && v.status === 'PAID')
              return resolve(performance.now());
          }
          setImmediate(poll);
        };
        poll();
      });
      const t0 = performance.now();
      const res = await fetch(`${sb.origin}/__sandbox/charges/${c.value.externalId}/pay`, {
        method: 'POST',
      });
      if (!res.ok) throw new Error(`pay: HTTP ${res.status}`);
      samples.push((await paid) - t0);
    }
  } finally {
    await host.stop();
    sb.child.kill('SIGTERM');
  }
  return stats(samples);
}

console.log(`machine: ${machine()}`);
console.log(`callback → Pago on the host socket, ${N} charges per policy, sequential`);
for (const [policy, dialect] of [
  ['hmac', 'seed'],
  ['confirm-by-query', 'cics-pt'],
] as const) {
  const s = await run(dialect);
  console.log(
    `${policy.padEnd(17)} (${dialect.padEnd(7)}): p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  (n=${s.n})`,
  );
}
