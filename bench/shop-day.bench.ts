// A shop's day under faults (issue 36, "Tests and figures"): test/helpers/shop-day.ts with the
// issue's parameters by default — 3 counters + the owner, 4 operators in shifts, 12 sales a
// minute for ten minutes, one counter offline two minutes, one counter and the relay killed -9.
// Overrides: BENCH_SHOP_DAY_MINUTES, _RATE (sales/min), _OFFLINE_S, _STORE (sqlite|etcd).
import { spawnSync } from 'node:child_process';
import { runShopDay } from '../test/helpers/shop-day';
import { startEtcdCluster } from '../test/helpers/etcd';
import { figure } from './figures';
import { inKeyringSession } from './keyring-session';
import { machine, ms, stats } from './helpers';

inKeyringSession();
const env = (k: string, d: number) => Number(process.env[`BENCH_SHOP_DAY_${k}`] ?? d);
const minutes = env('MINUTES', 10);
const rate = env('RATE', 12);
const offlineS = env('OFFLINE_S', 120);
const engine = process.env.BENCH_SHOP_DAY_STORE === 'etcd' ? 'etcd' : 'sqlite';
spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'ignore' });
const etcd = engine === 'etcd' ? await startEtcdCluster(3) : null;
try {
  const r = await runShopDay({
    counters: 3,
    sales: Math.round(minutes * rate),
    salesPerMinute: rate,
    offlineMs: offlineS * 1000,
    store: etcd ? { etcd: etcd.servers } : 'sqlite',
    say: (l) => console.log(`  ${l}`),
  });
  const s = stats(r.lags);
  const money = (m: { count: number; amountCents: number }) =>
    `${m.count} × R$ ${(m.amountCents / 100).toFixed(2)}`;
  console.log(`  ${machine()}`);
  console.log(`  relay store: ${engine}; ${minutes} min at ${rate}/min, offline ${offlineS} s`);
  console.log(`  PSP paid: ${money(r.paid)}; owner's Loja Fechamento: ${money(r.ownerShop)}`);
  console.log(`  counters' Fechamento: ${r.counterClosings.map(money).join(' | ')}`);
  console.log(
    `  PSP's own list: paid ${money(r.pspListed)}, every charge ${money(r.pspCharges)}; owner's Total de cobranças ${money(r.ownerTotal)}`,
  );
  console.log(`  operators: ${JSON.stringify(r.operatorClosings)}`);
  console.log(`  owner lag while all up: p50 ${ms(s.p50)} p99 ${ms(s.p99)} max ${ms(s.max)}`);
  figure({ name: `shop day (${engine}): sales paid at the PSP`, value: r.paid.count, unit: '' });
  figure({
    name: `shop day (${engine}): every closing equals the PSP's paid sum (1 = yes)`,
    value: r.agree ? 1 : 0,
    unit: '',
    target: ['=', 1],
  });
  figure({
    name: `shop day (${engine}): owner's view lag p99 while all were up (${s.n} sales)`,
    value: s.p99,
    unit: 'ms',
    target: ['<', 1000],
    note: `p50 ${s.p50.toFixed(1)} ms`,
  });
  figure({
    name: `shop day (${engine}): sales twice or missing in the owner's list`,
    value: r.ownerDuplicates + Math.abs(r.ownerPaidSales - r.paid.count),
    unit: '',
    target: ['=', 0],
  });
  if (!r.agree) process.exitCode = 1;
} finally {
  await etcd?.stop();
}
