import type { ClosingPrint } from '../../shared/history';
import type { RefundView } from '../../shared/refunds';
import { formatDateTime } from '../i18n/dates';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * A devolução's receipt as the thermal printer takes a laid-out document (the closing's shape:
 * heading lines, rows of label and amount): the sale, what went back, when, and our id.
 */
export function refundReceipt(
  r: RefundView,
  sale: { amountCents: number; externalId?: string },
  t: T,
): ClosingPrint {
  return {
    heading: [t('refunds.receiptTitle'), formatDateTime(r.doneAt ?? r.updatedAt)],
    sections: [
      {
        title: t(`refunds.status.${r.status}`),
        rows: [
          { label: t('refunds.receiptSale'), cents: sale.amountCents },
          { label: t('refunds.receiptRefunded'), cents: r.amountCents },
        ],
      },
    ],
    footer: `${t('refunds.receiptId')} ${r.id}`.slice(0, 120),
  };
}
