import { useEffect, useState } from 'react';
import { cryptoWithdrawal } from '../../../shared/domain/crypto-fees';
import { parseMoney } from '../../../shared/domain/money';
import { formatMoney } from '../../i18n/money';
import { TextField } from '../../components/TextField';
import { DetailItem } from '../../components/DetailItem';
import { useTranslation } from '../../i18n';
import { useAccount } from '../../stores/account-store';
import { feeRows } from './fee-labels';

/** Taxas cripto: the five values of GET /crypto/fees and a calculator (A16). */
export function FeesScreen() {
  const { t, i18n } = useTranslation();
  const fees = useAccount((a) => a.fees);
  const error = useAccount((a) => a.feesError);
  const load = useAccount((a) => a.loadFees);
  const [amount, setAmount] = useState('');
  useEffect(() => {
    void load();
  }, [load]);
  const parsed = parseMoney(amount, { positive: true });
  const calc = fees && parsed.ok ? cryptoWithdrawal(parsed.value, fees) : null;
  return (
    <div className="account">
      <h1>{t('account.fees')}</h1>
      {error && <p role="alert">{error}</p>}
      {fees && (
        <>
          {fees.scope && <p>{t(`fees.scope.${fees.scope}`)}</p>}
          <dl className="balance">
            {feeRows(fees).map((r) => (
              <DetailItem key={r.key} term={r.label}>
                {r.value}
              </DetailItem>
            ))}
          </dl>
          <p className="muted">{t('account.feesNote')}</p>
          <TextField
            id="fee-amount"
            label={t('account.calcAmount')}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
          />
          {calc && (
            <dl className="balance" aria-live="polite">
              <DetailItem term={t('account.fee')}>{formatMoney(calc.feeCents)}</DetailItem>
              <DetailItem term={t('account.net')}>{formatMoney(calc.netCents)}</DetailItem>
              <DetailItem term={t('account.usdt')}>
                {calc.usdt.toLocaleString(i18n.language, { minimumFractionDigits: 2 })} USDT
              </DetailItem>
              <DetailItem term={null}>
                {calc.within
                  ? t('account.withinLimits')
                  : t('account.outsideLimits', {
                      min: formatMoney(Math.round(fees.min_withdrawal * 100)),
                      max: formatMoney(Math.round(fees.max_withdrawal * 100)),
                    })}
              </DetailItem>
            </dl>
          )}
        </>
      )}
    </div>
  );
}
