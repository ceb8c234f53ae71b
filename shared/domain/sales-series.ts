import { isReceived, receivedOf } from './day-closing';
import type { ChargeState } from './charge-state';

/**
 * The owner's "Semana e mês" (issue 36, Deliver 3): the last 7 or 30 days of sales, by hour of
 * the day, by day, or by operator — paid (count and money) against expired and canceled. Pure:
 * the ledger gives the rows, the screen draws the buckets, the CSV writes the same numbers.
 * DEMO sales are left out, as in every closing.
 */
export const SERIES_SPANS = { week: 7, month: 30 } as const;
export type SeriesSpan = keyof typeof SERIES_SPANS;
export const SERIES_BY = ['hour', 'day', 'operator'] as const;
export type SeriesBy = (typeof SERIES_BY)[number];
/** The owner's view across counters ("Loja") also groups by counter. */
export const SHOP_SERIES_BY = ['hour', 'day', 'terminal', 'operator'] as const;
export type ShopSeriesBy = (typeof SHOP_SERIES_BY)[number];

export interface SeriesCharge {
  createdAt: number;
  status: ChargeState;
  flags: readonly string[];
  amountCents: number;
  receivedCents?: number;
  demo: boolean;
  /** Who rang it (shops with operators); absent: nobody named. */
  operator?: string;
  /** The counter that rang it (the shop journal's); absent in one terminal's own ledger. */
  terminal?: string;
}

export interface SeriesBucket {
  /** `00`–`23`, a day `YYYY-MM-DD`, an operator's name (`''`: none named), or a counter. */
  key: string;
  paid: number;
  paidCents: number;
  expired: number;
  canceled: number;
  /** Still waiting, failed or in doubt. */
  other: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of an instant, `YYYY-MM-DD`. */
export const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The span's days, oldest first, ending on `lastDay` (local calendar days). */
export function spanDays(lastDay: string, span: SeriesSpan): string[] {
  const [y, m, d] = lastDay.split('-').map(Number) as [number, number, number];
  return Array.from({ length: SERIES_SPANS[span] }, (_, i) =>
    localDay(new Date(y, m - 1, d - (SERIES_SPANS[span] - 1 - i)).getTime()),
  );
}

const empty = (key: string): SeriesBucket => ({
  key,
  paid: 0,
  paidCents: 0,
  expired: 0,
  canceled: 0,
  other: 0,
});

/** The buckets of `charges` (already those of the span's days): every hour or day, even empty. */
export function salesSeries(
  charges: readonly SeriesCharge[],
  days: readonly string[],
  by: ShopSeriesBy,
): SeriesBucket[] {
  const keyOf = (c: SeriesCharge) =>
    by === 'hour'
      ? pad(new Date(c.createdAt).getHours())
      : by === 'day'
        ? localDay(c.createdAt)
        : by === 'terminal'
          ? (c.terminal ?? '')
          : (c.operator ?? '');
  const named = by === 'operator' || by === 'terminal';
  const buckets = new Map<string, SeriesBucket>(
    by === 'hour'
      ? Array.from({ length: 24 }, (_, h) => [pad(h), empty(pad(h))])
      : by === 'day'
        ? days.map((d) => [d, empty(d)])
        : [],
  );
  for (const c of charges) {
    if (c.demo) continue;
    const key = keyOf(c);
    let b = buckets.get(key);
    if (!b) {
      if (!named) continue; // outside the span's days
      buckets.set(key, (b = empty(key)));
    }
    if (isReceived(c)) {
      b.paid++;
      b.paidCents += receivedOf(c);
    } else if (c.status === 'EXPIRED') b.expired++;
    else if (c.status === 'CANCELED') b.canceled++;
    else b.other++;
  }
  const out = [...buckets.values()];
  // Operators and counters: the one who sold most first; nobody named last.
  if (named)
    out.sort((a, b) =>
      (a.key === '') !== (b.key === '') ? (a.key === '' ? 1 : -1) : b.paidCents - a.paidCents,
    );
  return out;
}
