import { useEffect } from 'react';
import { formatMoney } from '../../i18n/money';
import { DetailItem } from '../../components/DetailItem';
import { i18next, useTranslation } from '../../i18n';
import { useAccount } from '../../stores/account-store';
import { formatTime } from '../../i18n/dates';

/** Saldo (A3): read on open and on demand, with the time it was read. */
export function BalanceScreen() {
  const { t } = useTranslation();
  const data = useAccount((a) => a.balance);
  const error = useAccount((a) => a.balanceError);
  const load = useAccount((a) => a.loadBalance);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="account">
      <h1>{t('account.balance')}</h1>
      {error && <p role="alert">{error}</p>}
      {data && (
        <>
          <dl className="balance">
            {data.fields.map((f) => (
              <DetailItem
                key={f.key}
                term={
                  i18next.exists(`balanceLabels.${f.key}`) ? t(`balanceLabels.${f.key}`) : f.key
                }
              >
                {formatMoney(f.cents)}
              </DetailItem>
            ))}
          </dl>
          <p className="muted">{t('account.readAt', { time: formatTime(data.readAt) })}</p>
        </>
      )}
      <button type="button" className="btn" onClick={() => void load()}>
        {t('account.refresh')}
      </button>
    </div>
  );
}
