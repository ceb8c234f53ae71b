import { ColumnHeads } from '../../components/ColumnHeads';
import { chargeStatusLabel } from '../../components/charge-status-label';
import { CHARGE_STATES, type ChargeState } from '../../../shared/domain/charge-state';
import { isReceived, receivedOf } from '../../../shared/domain/day-closing';
import { amountDifference } from '../../components/charge-status-label';
import { formatMoney } from '../../i18n/money';
import type { HistoryRow } from '../../../shared/history';
import { useTranslation } from '../../i18n';
import { formatTime } from '../../i18n/dates';

interface Props {
  day: string;
  status: ChargeState | '';
  text: string;
  rows: HistoryRow[];
  onDay(d: string): void;
  onStatus(s: ChargeState | ''): void;
  onText(t: string): void;
  onDetail(c: HistoryRow): void;
  onPrint(c: HistoryRow): void;
}

/** Underpaid amber, overpaid flagged (PAID_DIFFERENT_AMOUNT); nothing otherwise. */
const toneClass = (c: HistoryRow) => {
  const d = amountDifference(c);
  return d ? `amount-${d.tone}` : '';
};

/** One page of the day's charges, newest first, with the day, status and text filters. */
export function HistoryTable(p: Props) {
  const { t } = useTranslation();
  return (
    <>
      <div className="filters">
        <div className="field">
          <label htmlFor="history-day">{t('history.day')}</label>
          <input
            id="history-day"
            type="date"
            value={p.day}
            onChange={(e) => p.onDay(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="history-status">{t('history.status')}</label>
          <select
            id="history-status"
            value={p.status}
            onChange={(e) => p.onStatus(e.target.value as ChargeState | '')}
          >
            <option value="">{t('history.all')}</option>
            {CHARGE_STATES.filter((s) => s !== 'DRAFT').map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="history-text">{t('history.search')}</label>
          <input
            id="history-text"
            type="search"
            value={p.text}
            placeholder={t('history.searchHint')}
            maxLength={100}
            onChange={(e) => p.onText(e.target.value)}
          />
        </div>
      </div>
      {p.rows.length === 0 ? (
        <p className="empty">{t('history.empty')}</p>
      ) : (
        <table className="history">
          <ColumnHeads
            columns={[
              t('history.time'),
              t('history.status'),
              t('history.amount'),
              t('history.received'),
              t('history.fee'),
              t('history.net'),
              t('history.chargeId'),
              t('history.pspId'),
              t('history.payer'),
              { label: t('history.actions'), srOnly: true },
            ]}
          />
          <tbody>
            {p.rows.map((c) => (
              <tr key={c.id} data-charge-id={c.externalId}>
                <td>{formatTime(c.createdAt)}</td>
                <td>
                  <span className={`badge-status status-${c.status.toLowerCase()} ${toneClass(c)}`}>
                    {chargeStatusLabel(c)}
                  </span>
                  {c.flags.includes('LATE_PAYMENT') && (
                    <span className="flag"> {t('history.late')}</span>
                  )}
                  {c.demo && <span className="flag"> DEMO</span>}
                  {c.refundedCents !== undefined && (
                    <span className="flag">
                      {' '}
                      {t('refunds.refundedOnRow', { amount: formatMoney(c.refundedCents) })}
                    </span>
                  )}
                  {c.flags.includes('REFUND_DUE') && (
                    <span className="flag"> {t('history.refundDue')}</span>
                  )}
                  {c.flags.includes('MED_INFRACTION') && (
                    <span className="flag"> {t('med.marked')}</span>
                  )}
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
                <td className="num">
                  {isReceived(c) ? formatMoney(receivedOf(c) - (c.feeCents ?? 0)) : ''}
                </td>
                <td className="mono">
                  {c.externalId}
                  {/* The sale's reference (a PDV's `PDV <id>`, or the cashier's description). */}
                  {c.description && <div className="hint ref">{c.description}</div>}
                </td>
                <td className="mono">{c.pspTransactionId ?? ''}</td>
                <td>
                  {c.payerName ?? ''} {c.payerDocumentMasked ?? ''}
                </td>
                <td className="row-actions">
                  <button type="button" className="btn btn-small" onClick={() => p.onDetail(c)}>
                    {t('history.details')}
                  </button>
                  {(isReceived(c) || (c.brcode && c.status === 'PENDING')) && (
                    <button type="button" className="btn btn-small" onClick={() => p.onPrint(c)}>
                      {isReceived(c) ? t('history.printPaid') : t('history.reprint')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
