import {
  SHOP_SERIES_BY,
  type SeriesSpan,
  type ShopSeriesBy,
} from '../../../shared/domain/sales-series';
import type { ShopView } from '../../../shared/shop-view';
import { SeriesView } from '../history/SeriesView';

/**
 * Semana e mês across counters: by hour, day, counter or operator (Histórico's chart, this
 * module's own chunk with Chart.js).
 */
export default function ShopSeries(p: {
  day: string;
  span: SeriesSpan;
  by: ShopSeriesBy;
  buckets: ShopView['series'];
  onSpan(s: SeriesSpan): void;
  onBy(b: ShopSeriesBy): void;
}) {
  return <SeriesView name="loja" byOptions={SHOP_SERIES_BY} {...p} />;
}
