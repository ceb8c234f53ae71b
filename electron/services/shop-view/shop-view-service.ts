import { dayRange } from '../../../shared/domain/day-closing';
import {
  salesSeries,
  spanDays,
  type SeriesSpan,
  type ShopSeriesBy,
} from '../../../shared/domain/sales-series';
import {
  closeShopDay,
  counterLabels,
  counters,
  daySales,
  foldCharges,
  seriesRows,
  type ShopEntry,
} from '../../../shared/domain/shop-day';
import { ok, type Result } from '../../../shared/result';
import type { ShopView } from '../../../shared/shop-view';

/**
 * Loja (issue 36, Deliver 3): the owner's view across counters, read from the shop journal's
 * applied entries (a thin shell: load, then the pure shop-day read model decides).
 */
export class ShopViewService {
  constructor(
    private readonly d: {
      entries: () => ShopEntry[];
      /** Terminals the owner removed from the shop (journal/removal.ts). */
      removed: () => ReadonlySet<string>;
      now: () => number;
      /** This Balcão, when it sells too: its terminal id and the name in its settings. */
      self?: () => { terminal: string; name: string };
    },
  ) {}

  view(q: { day: string; span: SeriesSpan; by: ShopSeriesBy }): Result<ShopView> {
    const entries = this.d.entries();
    const { charges, orphans } = foldCharges(entries);
    const range = dayRange(q.day);
    const days = spanDays(q.day, q.span);
    const from = dayRange(days[0]!).from;
    const inSpan = charges.filter((c) => c.createdAt >= from && c.createdAt < range.to);
    const labels = counterLabels(entries, this.d.self?.());
    const name = (terminal: string) => labels.get(terminal) ?? terminal;
    const closing = closeShopDay(range, charges);
    return ok({
      day: q.day,
      counters: counters(entries, this.d.now(), this.d.removed(), labels),
      sales: daySales(range, charges).map((c) => ({
        id: c.id,
        terminal: c.terminal,
        terminalName: name(c.terminal),
        operatorName: c.operatorName,
        status: c.status,
        amountCents: c.amountCents,
        ...(c.receivedCents !== undefined && { receivedCents: c.receivedCents }),
        ...(c.refundedCents !== undefined && { refundedCents: c.refundedCents }),
        ...(c.payer && { payer: c.payer }),
        createdAt: c.createdAt,
      })),
      closing: {
        shop: closing.shop,
        terminals: closing.terminals.map((t) => ({ ...t, name: name(t.terminal) })),
      },
      // By counter: one bar per name, as the counters table calls them.
      series: salesSeries(
        seriesRows(inSpan).map((r) => ({
          ...r,
          ...(r.terminal && { terminal: name(r.terminal) }),
        })),
        days,
        q.by,
      ),
      orphans,
    });
  }
}
