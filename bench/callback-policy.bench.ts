// Callback → `Pago` on screen, p50/p99, per dialect of the family in one run: `hmac` (seed,
// bearer-snake, axenpay, novaplex, pagloop: the callback signed with the client secret is
// applied), webhook-secret HMAC (veopag: signed with its panel's secret), and `confirm-by-query`
// (cics-pt: the unsigned callback is a hint, one extra round trip to its ci/cs status query;
// veopag switched to it: the round trip is its Bearer status query). Each path runs
// end to end: the sandbox in its own process calls the development host's embedded relay; the
// figure is from the payer paying (the control call) to the `charges:updated` PAID event on the
// host's WebSocket (what the screen receives).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DialectId } from '../sandbox/dialect';
import { DEMO_ACCOUNT } from '../sandbox/state';
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

async function run(dialect: DialectId, confirmByQuery = false) {
  const sb = await sandboxProcess(['--dialect', dialect]);
  const host = await startHost(
    ['--psp', sb.baseUrl, '--psp-preset', dialect],
    {
      BALCAO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'balcao-bench-')),
      BALCAO_CLIENT_ID: 'demo-client-id',
      BALCAO_CLIENT_SECRET: 'demo-client-secret',
      BALCAO_OWNER_PIN: '2468',
      ...(dialect === 'veopag' && { BALCAO_WEBHOOK_SECRET: DEMO_ACCOUNT.webhookSecret! }),
    },
    { logs: false },
  );
  const samples: number[] = [];
  try {
    if (confirmByQuery) {
      await host.call('owner:unlock', { pin: '2468' });
      const r = await host.call('settings:update', {
        patch: { psp: { callbackPolicy: 'confirm-by-query' } },
      });
      if (!r.ok) throw new Error(`settings: ${r.code}`);
    }
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
console.log(`callback → Pago on the host socket, ${N} charges per dialect, sequential`);
for (const [label, dialect, query] of [
  ['hmac', 'seed', false],
  ['hmac', 'bearer-snake', false],
  ['hmac', 'axenpay', false],
  ['hmac', 'novaplex', false],
  ['hmac', 'pagloop', false],
  ['webhook-secret hmac', 'veopag', false],
  ['confirm-by-query (ci/cs)', 'cics-pt', true],
  ['confirm-by-query (Bearer)', 'veopag', true],
] as const) {
  const s = await run(dialect, query && dialect !== 'cics-pt');
  console.log(
    `${label.padEnd(26)} ${dialect.padEnd(12)}: p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  (n=${s.n})`,
  );
}
