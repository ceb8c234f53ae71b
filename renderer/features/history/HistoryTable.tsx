import { chargeStatusLabel } from '../../components/charge-status-label';
import { CHARGE_STATES, type ChargeState } from '../../../shared/domain/charge-state';
import { formatBRL } from '../../../shared/domain/money';
import type { ChargeView } from '../../../shared/views';
import { useTranslation } from '../../i18n';

interface Props {
  day: string;
  status: ChargeState | '';
  charges: ChargeView[];
  onDay(d: string): void;
  onStatus(s: ChargeState | ''): void;
  onReprint(c: ChargeView): void;
}

/** The day's charges, newest first, with the day and status filters. */
export function HistoryTable({ day, status, charges, onDay, onStatus, onReprint }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <div className="filters">
        <div className="field">
          <label htmlFor="history-day">{t('history.day')}</label>
          <input id="history-day" type="date" value={day} onChange={(e) => onDay(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="history-status">{t('history.status')}</label>
          <select
            id="history-status"
            value={status}
            onChange={(e) => onStatus(e.target.value as ChargeState | '')}
          >
            <option value="">{t('history.all')}</option>
            {CHARGE_STATES.filter((s) => s !== 'DRAFT').map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {charges.length === 0 ? (
        <p className="empty">{t('history.empty')}</p>
      ) : (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">{t('history.time')}</th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col">{t('history.amount')}</th>
              <th scope="col">{t('history.payer')}</th>
              <th scope="col">
                <span className="sr-only">{t('history.reprint')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {charges.map((c) => (
              <tr key={c.id}>
                <td>{new Date(c.createdAt).toLocaleTimeString('pt-BR')}</td>
                <td>
                  <span className={`badge-status status-${c.status.toLowerCase()}`}>
                    {chargeStatusLabel(c)}
                  </span>
                  {c.flags.includes('LATE_PAYMENT') && <span className="flag"> ⚠</span>}
                </td>
                <td className="num">{formatBRL(c.amountCents)}</td>
                <td>
                  {c.payerName ?? ''} {c.payerDocumentMasked ?? ''}
                </td>
                <td>
                  {c.brcode && (
                    <button type="button" className="btn btn-small" onClick={() => onReprint(c)}>
                      {t('history.reprint')}
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
