import { appendFileSync } from 'node:fs';
import path from 'node:path';

/** A target: the measured value must be below, at most, at least or equal to it. */
export type Target = ['<' | '≤' | '≥' | '=', number];

export interface Figure {
  /** What was measured, as the table's row says it. */
  name: string;
  value: number;
  unit: string;
  target?: Target;
  /** Conditions worth printing beside the value (n, load). */
  note?: string;
}

const meets = ([op, t]: Target, v: number) =>
  op === '<' ? v < t : op === '≤' ? v <= t : op === '≥' ? v >= t : v === t;

export const fmtValue = (v: number, unit: string) =>
  `${Number.isInteger(v) ? v : v.toFixed(Math.abs(v) < 10 ? 2 : 1)} ${unit}`.trim();

/**
 * Prints one figure with its target and ✓/✗, and appends it to the run's figures file
 * (BENCH_FIGURES, set by scripts/bench.mjs) for the table at the end of `npm run bench`.
 */
export function figure(f: Figure): boolean {
  const met = f.target ? meets(f.target, f.value) : undefined;
  const target = f.target ? `${f.target[0]} ${fmtValue(f.target[1], f.unit)}` : '—';
  console.log(
    `  ${f.name}: ${fmtValue(f.value, f.unit)}${f.note ? ` (${f.note})` : ''}  [target ${target}: ${met === undefined ? '—' : met ? '✓' : '✗'}]`,
  );
  const file = process.env.BENCH_FIGURES;
  if (file) {
    const bench = path.basename(process.argv[1] ?? '').replace(/\.bench\.ts$/, '');
    appendFileSync(file, JSON.stringify({ bench, ...f, met }) + '\n');
  }
  return met ?? true;
}
