import { useMemo, useState, type ReactNode } from 'react';
import type { SeriesBucket, SeriesSpan, ShopSeriesBy } from '../../../shared/domain/sales-series';
import { Choice } from '../../components/Choice';
import { ColumnHeads } from '../../components/ColumnHeads';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';
import { downloadText } from './download';
import { SeriesChart } from './SeriesChart';
import { bucketLabel, seriesColumns, seriesCsv } from './series-table';

/** The app's colours for what became of a sale (styles.css: --green, --muted, --amber). */
const COLORS = { paid: '#0b6e3d', expired: '#8a949e', canceled: '#c77d00' };

/**
 * Semana e mês as drawn (issue 36), for Histórico (this terminal) and Loja (every counter): the
 * span and grouping chosen, stacked bars of paid / expired / canceled, the numbers one click away
 * and as CSV. `buckets` null while they are read; `notice` says why they could not be.
 */
export function SeriesView<B extends ShopSeriesBy>(p: {
  /** Field ids and the CSV's name start with it (two on one page must differ). */
  name: string;
  day: string;
  span: SeriesSpan;
  by: B;
  byOptions: readonly B[];
  buckets: readonly SeriesBucket[] | null;
  notice?: ReactNode;
  onSpan(s: SeriesSpan): void;
  onBy(b: B): void;
}) {
  const { t } = useTranslation();
  const [numbers, setNumbers] = useState(false);
  const { buckets, by, span } = p;
  const chart = useMemo(() => {
    if (!buckets) return null;
    const sum = (k: 'paid' | 'paidCents' | 'expired' | 'canceled') =>
      buckets.reduce((n, b) => n + b[k], 0);
    return {
      labels: buckets.map((b) => bucketLabel(b, by, t)),
      series: (['paid', 'expired', 'canceled'] as const).map((k) => ({
        label: t(`history.series_${k}`),
        data: buckets.map((b) => b[k]),
        color: COLORS[k],
      })),
      summary: t('history.seriesSummary', {
        span: t(`history.seriesSpan_${span}`),
        paid: sum('paid'),
        amount: formatMoney(sum('paidCents')),
        expired: sum('expired'),
        canceled: sum('canceled'),
      }),
      empty: buckets.every((b) => b.paid + b.expired + b.canceled + b.other === 0),
    };
  }, [buckets, by, span, t]);
  return (
    <section className="sales-series" aria-label={t('history.series')}>
      <h2>{t('history.series')}</h2>
      <div className="series-choices">
        <Choice
          id={`${p.name}-span`}
          label={t('history.seriesSpan')}
          value={span}
          options={(['week', 'month'] as const).map((s) => [s, t(`history.seriesSpan_${s}`)])}
          onChange={(v) => p.onSpan(v as SeriesSpan)}
        />
        <Choice
          id={`${p.name}-by`}
          label={t('history.seriesBy')}
          value={by}
          options={p.byOptions.map((b) => [b, t(`history.seriesBy_${b}`)])}
          onChange={(v) => p.onBy(v as B)}
        />
      </div>
      {p.notice}
      {buckets && chart && (
        <>
          <p className="muted">{chart.summary}</p>
          {chart.empty ? (
            <p role="status">{t('history.seriesEmpty')}</p>
          ) : (
            <SeriesChart labels={chart.labels} series={chart.series} summary={chart.summary} />
          )}
          <div className="history-actions">
            <button type="button" className="btn" onClick={() => setNumbers(!numbers)}>
              {numbers ? t('history.seriesHideNumbers') : t('history.seriesNumbers')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() =>
                downloadText(
                  `balcao-${p.name}-${span}-${by}-${p.day}.csv`,
                  seriesCsv(buckets, by, t),
                )
              }
            >
              {t('history.seriesCsv')}
            </button>
          </div>
          {numbers && (
            <table className="history series-numbers">
              <ColumnHeads columns={seriesColumns(by, t)} />
              <tbody>
                {buckets.map((b) => (
                  <tr key={b.key}>
                    <td>{bucketLabel(b, by, t)}</td>
                    <td>{b.paid}</td>
                    <td>{formatMoney(b.paidCents)}</td>
                    <td>{b.expired}</td>
                    <td>{b.canceled}</td>
                    <td>{b.other}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
