import type { RefundView } from '../../shared/refunds';
import { describeError } from '../bridge';
import { useTranslation } from '../i18n';
import { formatDateTime } from '../i18n/dates';
import { formatMoney } from '../i18n/money';
import { ColumnHeads } from './ColumnHeads';

/** A sale's devoluções: when, how much, the live status, and the receipt once refunded. */
export function RefundsTable({
  refunds,
  onPrint,
}: {
  refunds: RefundView[];
  onPrint(r: RefundView): void;
}) {
  const { t } = useTranslation();
  return (
    <table className="history">
      <ColumnHeads
        columns={['when', 'amount', 'status', 'actions'].map((c) => t(`history.${c}`))}
      />
      <tbody>
        {refunds.map((r) => (
          <tr key={r.id}>
            <td>{formatDateTime(r.doneAt ?? r.createdAt)}</td>
            <td>{formatMoney(r.amountCents)}</td>
            <td
              role="status"
              aria-label={t('refunds.statusOf', { amount: formatMoney(r.amountCents) })}
            >
              {t(`refunds.status.${r.status}`)}
              {r.noticeCode &&
                r.status === 'REFUSED' &&
                ` · ${describeError({ code: r.noticeCode })}`}
            </td>
            <td>
              {r.status === 'REFUNDED' && (
                <button type="button" className="btn" onClick={() => onPrint(r)}>
                  {t('refunds.printReceipt')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
