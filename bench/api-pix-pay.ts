// The shared run of the two API Pix pay → `Pago` benchmarks (issue 33, Deliver 2): the API Pix
// sandbox with one slow part, its webhook through the relay to a terminal's real services
// (test/helpers/api-pix-relayed.ts: reconciliation, the counter sweep, the status-query budget
// at its default of 60 a minute), sales in parallel. Each sale: the QR is created, the payer
// pays 0.5–5 s later (scanning), and the time runs from the payment to the `charges:updated`
// event that says Pago (what the screen receives).
import os from 'node:os';
import type { ApiPixFaults } from '../sandbox/api-pix/state';
import { relayedApiPix } from '../test/helpers/api-pix-relayed';
import { figure } from './figures';
import { machine, stats } from './helpers';

const N = Number(process.env.BENCH_N ?? 30);
const AT_ONCE = 5;

export async function payToPago(label: string, faults: ApiPixFaults): Promise<boolean> {
  console.log(`machine: ${machine()}`);
  console.log(`pay → Pago, ${label}: ${N} sales, ${AT_ONCE} at once`);
  const env = await relayedApiPix(faults);
  const samples: number[] = [];
  let missed = 0;
  try {
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < N; i = next++) {
        const { charge, paidAt } = await env.sale(1000 + i, 500 + ((i * 1237) % 4500));
        const pago = await env.pagoAfter(charge.id, paidAt, 70_000);
        if (pago) samples.push(pago.ms);
        else missed++;
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  } finally {
    await env.close();
  }
  const s = stats(samples);
  const load = os.loadavg()[0]!.toFixed(2);
  const note = `n=${s.n}${missed ? `, ${missed} never Pago` : ''}, ${AT_ONCE} at once, load ${load}`;
  figure({ name: `pay → Pago p50, ${label}`, value: s.p50 / 1000, unit: 's', note });
  return figure({
    name: `pay → Pago p99, ${label}`,
    // A sale never Pago counts as failing the target.
    value: missed ? Infinity : s.p99 / 1000,
    unit: 's',
    target: ['<', 3],
    note,
  });
}
