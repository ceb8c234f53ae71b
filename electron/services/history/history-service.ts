import {
  closeDayByOperator,
  sumSections,
  type OperatorRefund,
} from '../../../shared/domain/closing-by-operator';
import { closeDay, dayRange } from '../../../shared/domain/day-closing';
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
  refunds?: (from: number, to: number) => OperatorRefund[];
  /** The operators' names by id, or undefined for a shop without operators (issue 36). */
  operatorNames?: () => Map<string, string> | undefined;
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
    const charges = this.d.query.closingCharges(from, to);
    const refunds = this.d.refunds?.(from, to) ?? [];
    return ok({
      day,
      terminalId: this.d.terminalId,
      terminalName: s.terminalName,
      shopName: s.shopName,
      ...closeDay({ from, to }, charges, this.d.query.closingWithdrawals(from, to), refunds),
      ...this.byOperator({ from, to }, charges, refunds, s.terminalName),
      generatedAt: this.d.now(),
    });
  }

  /**
   * With operators: the day per operator, and per terminal as the sum of its operators (one
   * terminal here; the shop's view adds the others). Without: nothing, the closing as before.
   */
  private byOperator(
    day: { from: number; to: number },
    charges: Parameters<typeof closeDayByOperator>[1],
    refunds: readonly OperatorRefund[],
    terminalName: string,
  ): Pick<DayClosingView, 'byOperator' | 'byTerminal'> {
    const names = this.d.operatorNames?.();
    if (!names) return {};
    const parts = closeDayByOperator(day, charges, refunds)
      .map((p) => ({
        ...p,
        operatorName: p.operatorId === null ? null : (names.get(p.operatorId) ?? null),
      }))
      // By name, nobody's sales last.
      .sort((a, b) =>
        a.operatorName === null
          ? 1
          : b.operatorName === null
            ? -1
            : a.operatorName.localeCompare(b.operatorName),
      );
    return {
      byOperator: parts,
      byTerminal: [
        {
          terminalId: this.d.terminalId,
          terminalName,
          live: sumSections(parts.map((p) => p.live)),
        },
      ],
    };
  }
}
