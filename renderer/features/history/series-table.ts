import { csvCell, csvMoney } from '../../../shared/domain/charges-csv';
import type { SeriesBucket, ShopSeriesBy } from '../../../shared/domain/sales-series';
import { formatDay } from '../../i18n/dates';

type T = (key: string, o?: Record<string, unknown>) => string;

/** A bucket's name as a person reads it: `09h`, a day in the chosen locale, an operator, a counter. */
export function bucketLabel(b: SeriesBucket, by: ShopSeriesBy, t: T): string {
  if (by === 'hour') return `${b.key}h`;
  if (by === 'day') return formatDay(b.key);
  if (by === 'terminal') return b.key;
  return b.key || t('history.seriesNobody');
}

/** The numbers behind a chart: its columns, and the same rows as the CSV writes them. */
export const seriesColumns = (by: ShopSeriesBy, t: T) => [
  t(`history.seriesBy_${by}`),
  t('history.seriesPaid'),
  t('history.seriesPaidCents'),
  t('history.seriesExpired'),
  t('history.seriesCanceled'),
  t('history.seriesOther'),
];

/** Semana e mês as a spreadsheet: the charges' CSV conventions (BOM, `;`, CRLF, 12,34). */
export function seriesCsv(buckets: readonly SeriesBucket[], by: ShopSeriesBy, t: T): string {
  const lines = [
    seriesColumns(by, t),
    ...buckets.map((b) => [
      bucketLabel(b, by, t),
      String(b.paid),
      csvMoney(b.paidCents),
      String(b.expired),
      String(b.canceled),
      String(b.other),
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
