import { formatBRL } from '../../../shared/domain/money';
import { describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useWithdrawals } from '../../stores/withdrawals-store';

/** The withdrawals, newest first; each status follows live. */
export function WithdrawalHistory() {
  const { t, i18n } = useTranslation();
  const list = useWithdrawals((s) => s.list);
  return (
    <section aria-label={t('withdraw.history')}>
      <h2>{t('withdraw.history')}</h2>
      {list.length === 0 ? (
        <p className="muted">{t('withdraw.none')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('withdraw.col.date')}</th>
              <th className="num">{t('withdraw.amount')}</th>
              <th>{t('withdraw.destination')}</th>
              <th>{t('withdraw.col.status')}</th>
              <th>{t('withdraw.col.id')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((w) => (
              <tr key={w.id}>
                <td>{new Date(w.createdAt).toLocaleString(i18n.language)}</td>
                <td className="num">{formatBRL(w.amountCents)}</td>
                <td>
                  {t(`pixKeyTypes.${w.pixKeyType}`)} {w.pixKeyMasked}
                </td>
                <td>
                  <strong>{t(`withdrawalStatus.${w.status}`)}</strong>
                  {w.notice && (
                    <span className="muted">
                      {' '}
                      — {describeError({ code: w.notice.code, message: w.notice.text })}
                    </span>
                  )}
                </td>
                <td className="mono">{w.pspId ?? w.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
