import { useEffect, useMemo, useState } from 'react';
import {
  SERIES_BY,
  type SeriesBucket,
  type SeriesBy,
  type SeriesSpan,
} from '../../../shared/domain/sales-series';
import { AlertNotice } from '../../components/AlertNotice';
import { Choice } from '../../components/Choice';
import { ColumnHeads } from '../../components/ColumnHeads';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';
import { downloadText } from './download';
import { SeriesChart } from './SeriesChart';
import { bucketLabel, seriesColumns, seriesCsv } from './series-table';

/** The app's colours for what became of a sale (styles.css: --green, --muted, --amber). */
const COLORS = { paid: '#0b6e3d', expired: '#8a949e', canceled: '#c77d00' };

/**
 * Semana e mês (issue 36): the last 7 or 30 days ending on Histórico's day, by hour, by day or
 * by operator, drawn as stacked bars, with the numbers behind them one click away and as CSV.
 * Its own chunk (Chart.js is loaded only when the owner opens it).
 */
export default function SalesSeries({ day }: { day: string }) {
  const { t } = useTranslation();
  const [span, setSpan] = useState<SeriesSpan>('week');
  const [by, setBy] = useState<SeriesBy>('day');
  const [buckets, setBuckets] = useState<SeriesBucket[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [numbers, setNumbers] = useState(false);
  useEffect(() => {
    let live = true;
    void bridge()
      .history.series({ day, span, by })
      .then((r) => {
        if (!live) return;
        setBuckets(r.ok ? r.value : null);
        setError(r.ok ? null : describeError(r));
      });
    return () => {
      live = false;
    };
  }, [day, span, by]);
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
          id="series-span"
          label={t('history.seriesSpan')}
          value={span}
          options={(['week', 'month'] as const).map((s) => [s, t(`history.seriesSpan_${s}`)])}
          onChange={(v) => setSpan(v as SeriesSpan)}
        />
        <Choice
          id="series-by"
          label={t('history.seriesBy')}
          value={by}
          options={SERIES_BY.map((b) => [b, t(`history.seriesBy_${b}`)])}
          onChange={(v) => setBy(v as SeriesBy)}
        />
      </div>
      {error && <AlertNotice>{error}</AlertNotice>}
      {chart && (
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
                downloadText(`balcao-${span}-${by}-${day}.csv`, seriesCsv(buckets!, by, t))
              }
            >
              {t('history.seriesCsv')}
            </button>
          </div>
          {numbers && (
            <table className="history series-numbers">
              <ColumnHeads columns={seriesColumns(by, t)} />
              <tbody>
                {buckets!.map((b) => (
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
