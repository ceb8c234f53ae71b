import { useEffect } from 'react';
import { formatMoney } from '../../i18n/money';
import { bridge } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useCustomer } from '../../stores/customer-store';
import { QrCode } from '../cashier/QrCode';
import { amountDifference } from '../../components/charge-status-label';
import { receivedOf } from '../../../shared/domain/day-closing';

/**
 * The payer-facing screen: the shop's name and Aguardando while idle; the newest charge's amount,
 * QR and code, large; then a full-screen Pago.
 */
export function CustomerDisplay() {
  const { t } = useTranslation();
  const { charge, shopName, load, onUpdate } = useCustomer();
  useEffect(() => {
    void load();
    return bridge().on('charges:updated', onUpdate);
  }, [load, onUpdate]);
  if (!charge || !['PENDING', 'PAID', 'PAID_DIFFERENT_AMOUNT'].includes(charge.status))
    return (
      <main className="customer idle">
        {shopName && (
          <h1 className="customer-shop" title={shopName}>
            {shopName}
          </h1>
        )}
        <p>{t('counter.customerWaiting')}</p>
      </main>
    );
  const diff = amountDifference(charge);
  if (diff) {
    // The payer sees it too, never a green Pago: what was charged and what arrived.
    return (
      <main className={`customer different amount-${diff.tone}`}>
        <div role="status">{t('status.PAID_DIFFERENT_AMOUNT')}</div>
        <p>
          {t('different.charged')} {formatMoney(charge.amountCents)}
        </p>
        <p>
          {t('different.received')} {formatMoney(receivedOf(charge))}
        </p>
      </main>
    );
  }
  if (charge.status === 'PAID') {
    return (
      <main className="customer paid">
        <div role="status">{t('status.PAID')}</div>
        <p>{formatMoney(charge.amountCents)}</p>
      </main>
    );
  }
  return (
    <main className="customer">
      <p className="customer-amount">{formatMoney(charge.amountCents)}</p>
      {charge.brcode && <QrCode payload={charge.brcode} label={t('cashier.qr')} size={420} />}
      {charge.brcode && <p className="copia-e-cola large">{charge.brcode}</p>}
    </main>
  );
}
