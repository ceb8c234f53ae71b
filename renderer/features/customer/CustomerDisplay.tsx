import { useEffect } from 'react';
import { formatMoney } from '../../i18n/money';
import { bridge } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useCustomer } from '../../stores/customer-store';
import { QrCode } from '../cashier/QrCode';

/** The payer-facing screen: the newest charge's amount, QR and code, large; then a full-screen Pago. */
export function CustomerDisplay() {
  const { t } = useTranslation();
  const { charge, load, onUpdate } = useCustomer();
  useEffect(() => {
    void load();
    return bridge().on('charges:updated', onUpdate);
  }, [load, onUpdate]);
  if (!charge || !['PENDING', 'PAID'].includes(charge.status))
    return <main className="customer idle" />;
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
