import { useEffect, useState } from 'react';
import {
  SERIES_BY,
  type SeriesBucket,
  type SeriesBy,
  type SeriesSpan,
} from '../../../shared/domain/sales-series';
import { AlertNotice } from '../../components/AlertNotice';
import { bridge, describeError } from '../../bridge';
import { SeriesView } from './SeriesView';

/**
 * Semana e mês (issue 36): the last 7 or 30 days ending on Histórico's day, by hour, by day or
 * by operator, drawn as stacked bars, with the numbers behind them one click away and as CSV.
 * Its own chunk (Chart.js is loaded only when the owner opens it).
 */
export default function SalesSeries({ day }: { day: string }) {
  const [span, setSpan] = useState<SeriesSpan>('week');
  const [by, setBy] = useState<SeriesBy>('day');
  const [buckets, setBuckets] = useState<SeriesBucket[] | null>(null);
  const [error, setError] = useState<string | null>(null);
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
  return (
    <SeriesView<SeriesBy>
      name="historico"
      day={day}
      span={span}
      by={by}
      byOptions={SERIES_BY}
      buckets={buckets}
      notice={error && <AlertNotice>{error}</AlertNotice>}
      onSpan={setSpan}
      onBy={setBy}
    />
  );
}
