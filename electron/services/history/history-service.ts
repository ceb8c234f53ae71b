import { closeDay, dayRange, type ClosingRefund } from '../../../shared/domain/day-closing';
import type {
  ChargeDetail,
  DayClosingView,
  HistoryPage,
  HistoryQuery as PageQuery,
  HistoryRow,
} from '../../../shared/history';
import { err, ok, type Result } from '../../../shared/result';
import type { AppSettings } from '../../../shared/settings';
import { toChargeView } from '../charges/charge-view';
import { definedFields } from '../defined-fields';
import type { ChargeRecord, ChargesRepo } from '../ledger/charges-repo';
import type { HistoryQuery } from '../ledger/history-query';

export interface HistoryDeps {
  query: HistoryQuery;
  charges: ChargesRepo;
  settings: () => AppSettings;
  terminalId: string;
  now: () => number;
  /** Devoluções done in [from, to) (the refunds ledger): Fechamento counts them that day. */
  refunds?: (from: number, to: number) => ClosingRefund[];
  /** What devoluções gave back of one sale (Histórico shows it on the row). */
  refundedCents?: (chargeId: string) => number;
}

export const toHistoryRow = (c: ChargeRecord & { paidAt?: number }): HistoryRow => ({
  ...toChargeView(c),
  ...definedFields(c, ['pspTransactionId', 'paidAt']),
});

/** Histórico: pages of the ledger, one charge with its whole status history, the day's closing. */
export class HistoryService {
  constructor(private readonly d: HistoryDeps) {}

  page(q: PageQuery & { shiftId?: string }): Result<HistoryPage> {
    const { items, total } = this.d.query.page(
      {
        ...dayRange(q.day),
        ...(q.status && { status: q.status }),
        ...(q.text && { text: q.text }),
        ...(q.shiftId && { shiftId: q.shiftId }),
      },
      q.page,
      q.perPage,
    );
    return ok({ items: items.map((c) => this.row(c)), total, page: q.page, perPage: q.perPage });
  }

  detail(id: string): Result<ChargeDetail> {
    const c = this.d.query.charge(id);
    if (!c) return err('not_found', 'CHARGE_NOT_FOUND');
    return ok({ charge: this.row(c), history: this.d.charges.history(c.id) });
  }

  private row(c: ChargeRecord & { paidAt?: number }): HistoryRow {
    const refunded = this.d.refundedCents?.(c.id) ?? 0;
    return { ...toHistoryRow(c), ...(refunded > 0 && { refundedCents: refunded }) };
  }

  closing(day: string): Result<DayClosingView> {
    const { from, to } = dayRange(day);
    const s = this.d.settings();
    return ok({
      day,
      terminalId: this.d.terminalId,
      terminalName: s.terminalName,
      shopName: s.shopName,
      ...closeDay(
        { from, to },
        this.d.query.closingCharges(from, to),
        this.d.query.closingWithdrawals(from, to),
        this.d.refunds?.(from, to) ?? [],
      ),
      generatedAt: this.d.now(),
    });
  }
}
