/** The seeded choices of a chaos run: the random source, the PSP faults and their odds. */

/** mulberry32: small, seedable, good enough to pick faults. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Fault = [kind: string, odds: number, value?: string | number];

export const FAULTS: Fault[] = [
  ['none', 0.45],
  ['timeout', 0.1],
  ['drop', 0.1],
  ['malformed', 0.1],
  ['status', 0.1, 503],
  ['latency', 0.1, 200],
  ['endless', 0.05],
];

/** One item by its odds (the second field), drawn from `random`. */
export function pick<T extends [unknown, number, ...unknown[]]>(
  random: () => number,
  items: T[],
): T {
  let r = random();
  for (const it of items) if ((r -= it[1]) < 0) return it;
  return items[0]!;
}

/** The sandbox's fault body for one kind, or null for none. */
export const faultBody = ([kind, , value]: Fault) =>
  kind === 'none'
    ? null
    : { route: 'POST /payments/deposit', kind, ...(value !== undefined && { value }) };

/**
 * One sale's draws, in this order (a seed replays the same run): the PSP's fault, counted in
 * `tally` by kind, and its sandbox body (null for none); then the amount.
 */
export function drawSale(random: () => number, tally: Record<string, number>) {
  const fault = pick(random, FAULTS);
  tally[fault[0]] = (tally[fault[0]] ?? 0) + 1;
  return {
    kind: fault[0],
    faultBody: faultBody(fault),
    amountCents: 1 + Math.floor(random() * 50_000),
  };
}

/** p50, p99 and max of some durations (ms), or null when there are none. */
export function percentiles(ms: number[]) {
  if (!ms.length) return null;
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { n: s.length, p50: at(50), p99: at(99), max: s[s.length - 1]! };
}
