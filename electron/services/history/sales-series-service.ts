import { dayRange } from '../../../shared/domain/day-closing';
import {
  salesSeries,
  spanDays,
  type SeriesBucket,
  type SeriesBy,
  type SeriesCharge,
  type SeriesSpan,
} from '../../../shared/domain/sales-series';
import { ok, type Result } from '../../../shared/result';

/** Semana e mês: the span's rows from the ledger, bucketed by the pure salesSeries. */
export class SalesSeriesService {
  constructor(private readonly rows: (from: number, to: number) => SeriesCharge[]) {}

  series(q: { day: string; span: SeriesSpan; by: SeriesBy }): Result<SeriesBucket[]> {
    const days = spanDays(q.day, q.span);
    const from = dayRange(days[0]!).from;
    const to = dayRange(q.day).to;
    return ok(salesSeries(this.rows(from, to), days, q.by));
  }
}
