import { formatMoney } from '../../i18n/money';
import { formatDateTime } from '../../i18n/dates';
import { describeError } from '../../bridge';
import { i18next, useTranslation } from '../../i18n';
import { useWithdrawals } from '../../stores/withdrawals-store';

/** A withdrawal's notice code in words: ours, else the PSP error's. */
function describeWithdrawalNotice(code: string): string {
  const key = `withdrawalNotices.${code}`;
  if (i18next.exists(key)) return i18next.t(key);
  const reason = `chargeNoticeReasons.${code}`;
  return i18next.exists(reason) ? i18next.t(reason) : describeError({ code });
}

/** The withdrawals, newest first; each status follows live. */
export function WithdrawalHistory() {
  const { t } = useTranslation();
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
                <td>{formatDateTime(new Date(w.createdAt).getTime())}</td>
                <td className="num">
                  {formatMoney(w.amountCents)}
                  {w.demo && <span className="flag"> DEMO</span>}
                </td>
                <td>
                  {t(`pixKeyTypes.${w.pixKeyType}`)} {w.pixKeyMasked}
                </td>
                <td>
                  <strong>{t(`withdrawalStatus.${w.status}`)}</strong>
                  {w.notice && (
                    <span className="muted"> — {describeWithdrawalNotice(w.notice.code)}</span>
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
