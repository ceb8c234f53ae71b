import type { ReactNode } from 'react';
import type { ChargeView } from '../../../shared/views';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';
import { describeChargeNotice } from './charge-notice';

/** `Pago`: the amount, large, and any notice; then `Nova cobrança`. */
export function PaidCharge({ charge, newCharge }: { charge: ChargeView; newCharge: ReactNode }) {
  const { t } = useTranslation();
  const late = (charge.receivedCents ?? charge.amountCents) - charge.amountCents;
  return (
    <>
      <p className="paid-amount">{formatMoney(charge.amountCents)}</p>
      {/* A cobv paid after its due date: exactly what its terms asked, fine and interest said. */}
      {late > 0 && (
        <p className="paid-late-fees">
          {t('cashier.paidWithLateFees', { amount: formatMoney(late) })}
        </p>
      )}
      {charge.notice && <p className="notice">{describeChargeNotice(charge.notice)}</p>}
      {newCharge}
    </>
  );
}
