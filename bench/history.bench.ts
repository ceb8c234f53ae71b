// Histórico on a busy terminal: 100,000 charges in the ledger, 20,000 of them on one day.
// Times a page (newest first, with its exact total), a text search, the day's closing, and the
// whole day read as the CSV export reads it (pages of 500).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HistoryService } from '../electron/services/history/history-service';
import type { ChargeRecord } from '../electron/services/ledger/charges-repo';
import { HistoryQuery } from '../electron/services/ledger/history-query';
import { Ledger } from '../electron/services/ledger/ledger';
import { HISTORY_MAX_PER_PAGE } from '../shared/history';
import { defaultSettings } from '../shared/settings';
import { machine, ms, stats } from './helpers';
import { figure } from './figures';

const TOTAL = 100_000;
const ON_DAY = 20_000;
const RUNS = 50;
const dayStart = new Date(2026, 10, 21).getTime();
const ledger = Ledger.open(
  path.join(mkdtempSync(path.join(tmpdir(), 'balcao-bench-')), 'l.sqlite'),
);
const statuses = ['PAID', 'PAID', 'PAID', 'EXPIRED', 'CANCELED', 'FAILED', 'PENDING'] as const;
ledger.tx(() => {
  for (let i = 0; i < TOTAL; i++) {
    // ON_DAY charges on the day, the rest spread over the 80 days before it.
    const at =
      i < ON_DAY
        ? dayStart + Math.floor((i / ON_DAY) * 86_000_000)
        : dayStart - 1 - (i % 80) * 86_400_000;
    const status = statuses[i % statuses.length]!;
    const c: ChargeRecord = {
      id: `id-${i}`,
      externalId: `blc_${i.toString(36)}`,
      operation: 'deposit',
      amountCents: 500 + (i % 20_000),
      description: `Pedido ${i}`,
      status,
      flags: i % 97 === 0 ? ['LATE_PAYMENT'] : [],
      deferred: [],
      attempts: 1,
      terminalId: 't1',
      demo: false,
      createdAt: at,
      updatedAt: at,
      expiresAt: at + 900_000,
      pspTransactionId: `psp-${i}`,
      ...(status === 'PAID' && { feeCents: 5 }),
    };
    ledger.charges.insert(c, { to: 'SUBMITTING', source: 'create', at });
    if (status === 'PAID')
      ledger.charges.addHistory(c.id, { from: 'PENDING', to: 'PAID', source: 'callback', at });
  }
});
const query = new HistoryQuery(ledger.db);
const history = new HistoryService({
  query,
  charges: ledger.charges,
  settings: defaultSettings,
  terminalId: 't1',
  now: Date.now,
});
const day = '2026-11-21';

function time(name: string, fn: () => void) {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  const s = stats(samples);
  console.log(`  ${name.padEnd(44)} p50 ${ms(s.p50)}  p99 ${ms(s.p99)}`);
  figure({ name: `Histórico (${TOTAL} charges): ${name}, p50`, value: s.p50, unit: 'ms' });
}

console.log(`Histórico — ${TOTAL} charges in the ledger, ${ON_DAY} on the day (${machine()})`);
time('first page (50, newest first, exact total)', () => {
  const r = history.page({ day, page: 1, perPage: 50 });
  if (!r.ok || r.value.total !== ON_DAY) throw new Error('wrong total');
});
time('last page (offset 19,950)', () => void history.page({ day, page: 400, perPage: 50 }));
time(
  'search "Pedido 1234"',
  () => void history.page({ day, page: 1, perPage: 50, text: 'Pedido 1234' }),
);
time(
  'search an amount "12,34"',
  () => void history.page({ day, page: 1, perPage: 50, text: '12,34' }),
);
time('Fechamento do dia', () => {
  const r = history.closing(day);
  if (!r.ok || r.value.live.total.count !== ON_DAY) throw new Error('wrong closing');
});
time('whole day for the CSV (pages of 500)', () => {
  let n = 0;
  for (let p = 1; ; p++) {
    const r = history.page({ day, page: p, perPage: HISTORY_MAX_PER_PAGE });
    if (!r.ok) throw new Error(r.message);
    n += r.value.items.length;
    if (r.value.items.length < HISTORY_MAX_PER_PAGE) break;
  }
  if (n !== ON_DAY) throw new Error(`read ${n}`);
});
ledger.close();
