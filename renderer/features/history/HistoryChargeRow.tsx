import { amountDifference, chargeStatusLabel } from '../../components/charge-status-label';
import { isReceived, netOf, receivedOf } from '../../../shared/domain/day-closing';
import type { HistoryRow } from '../../../shared/history';
import { useTranslation } from '../../i18n';
import { formatTime } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';

/** Underpaid amber, overpaid flagged (PAID_DIFFERENT_AMOUNT); nothing otherwise. */
const toneClass = (c: HistoryRow) => {
  const d = amountDifference(c);
  return d ? `amount-${d.tone}` : '';
};

/** One charge of Histórico: time, status and its flags, amounts, ids, payer, and its buttons. */
export function HistoryChargeRow({
  c,
  onDetail,
  onPrint,
  withOperator = false,
}: {
  c: HistoryRow;
  withOperator?: boolean;
  onDetail(c: HistoryRow): void;
  onPrint(c: HistoryRow): void;
}) {
  const { t } = useTranslation();
  return (
    <tr data-charge-id={c.externalId}>
      <td>{formatTime(c.createdAt)}</td>
      <td>
        <span className={`badge-status status-${c.status.toLowerCase()} ${toneClass(c)}`}>
          {chargeStatusLabel(c)}
        </span>
        {c.flags.includes('LATE_PAYMENT') && <span className="flag"> {t('history.late')}</span>}
        {c.demo && <span className="flag"> DEMO</span>}
        {c.refundedCents !== undefined && (
          <span className="flag">
            {' '}
            {t('refunds.refundedOnRow', { amount: formatMoney(c.refundedCents) })}
          </span>
        )}
        {c.flags.includes('REFUND_DUE') && <span className="flag"> {t('history.refundDue')}</span>}
        {c.flags.includes('MED_INFRACTION') && <span className="flag"> {t('med.marked')}</span>}
        {c.split && (
          <span className="flag">
            {' '}
            split {c.split.taxPercent}% · {c.split.user}
          </span>
        )}
      </td>
      <td className="num">{formatMoney(c.amountCents)}</td>
      {/* What arrived: another amount than charged in PAID_DIFFERENT_AMOUNT. */}
      <td className="num" data-testid="recebido">
        {isReceived(c) ? formatMoney(receivedOf(c)) : ''}
      </td>
      <td className="num">{c.feeCents !== undefined ? formatMoney(c.feeCents) : ''}</td>
      {/* Net of the fee and of what went back to the payer. */}
      <td className="num" data-testid="liquido">
        {isReceived(c) ? formatMoney(netOf(c)) : ''}
      </td>
      <td className="mono">
        {c.externalId}
        {/* The sale's reference (a PDV's `PDV <id>`, or the cashier's description). */}
        {c.description && <div className="hint ref">{c.description}</div>}
      </td>
      <td className="mono col-psp-id">{c.pspTransactionId ?? ''}</td>
      <td>
        {c.payerName ?? ''} {c.payerDocumentMasked ?? ''}
      </td>
      {withOperator && <td>{c.operatorName ?? ''}</td>}
      <td className="row-actions">
        <button type="button" className="btn btn-small" onClick={() => onDetail(c)}>
          {t('history.details')}
        </button>
        {(isReceived(c) || (c.brcode && c.status === 'PENDING')) && (
          <button type="button" className="btn btn-small" onClick={() => onPrint(c)}>
            {isReceived(c) ? t('history.printPaid') : t('history.reprint')}
          </button>
        )}
      </td>
    </tr>
  );
}
