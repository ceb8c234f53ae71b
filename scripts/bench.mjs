#!/usr/bin/env node
// `npm run bench [name…]`: runs each benchmark in bench/ in its own process, prints its figures,
// and ends with one table of every figure: measured value, target and ✓/✗ (issue 35). The
// README's performance table is that table, pasted from a run on the commit it describes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const wanted = process.argv.slice(2);
const files = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();
const figures = path.join(mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-')), 'figures.jsonl');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const started = Date.now();
const loadBefore = load();
const runs = [];
for (const f of files) {
  console.log(`\n=== ${f}`);
  const t = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', f)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIGURES: figures },
  });
  runs.push({
    bench: f.replace(/\.bench\.ts$/, ''),
    ok: r.status === 0,
    s: (Date.now() - t) / 1000,
  });
}

const rows = existsSync(figures)
  ? readFileSync(figures, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
const num = (v, unit) =>
  `${Number.isInteger(v) ? v : v.toFixed(Math.abs(v) < 10 ? 2 : 1)} ${unit}`.trim();
const cell = (s) => String(s).replace(/\|/g, '\\|');
const cpu = os.cpus();
console.log(
  `\n## Figures — ${new Date().toISOString().slice(0, 16)}Z, ${cpu.length} × ${cpu[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadBefore} before, ${load()} after; ${((Date.now() - started) / 60000).toFixed(1)} min\n`,
);
console.log('| bench | figure | measured | target | |');
console.log('| --- | --- | --- | --- | --- |');
for (const f of rows) {
  const target = f.target ? `${f.target[0]} ${num(f.target[1], f.unit)}` : '—';
  const mark = f.met === undefined || f.met === null ? '' : f.met ? '✓' : '✗';
  console.log(
    `| ${f.bench} | ${cell(f.name)}${f.note ? ` (${cell(f.note)})` : ''} | ${num(f.value, f.unit)} | ${target} | ${mark} |`,
  );
}
for (const r of runs.filter((r) => !r.ok))
  console.log(`| ${r.bench} | the benchmark failed: its figures are missing | — | — | ✗ |`);
console.log(
  `\n${rows.filter((f) => f.met === true).length} met, ${rows.filter((f) => f.met === false).length} not met; ` +
    runs.map((r) => `${r.bench} ${r.s.toFixed(0)} s`).join(', '),
);
process.exit(runs.some((r) => !r.ok) ? 1 : 0);
