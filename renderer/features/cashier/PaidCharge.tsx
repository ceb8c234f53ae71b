import type { ReactNode } from 'react';
import type { ChargeView } from '../../../shared/views';
import { formatMoney } from '../../i18n/money';
import { describeChargeNotice } from './charge-notice';

/** `Pago`: the amount, large, and any notice; then `Nova cobrança`. */
export function PaidCharge({ charge, newCharge }: { charge: ChargeView; newCharge: ReactNode }) {
  return (
    <>
      <p className="paid-amount">{formatMoney(charge.amountCents)}</p>
      {charge.notice && <p className="notice">{describeChargeNotice(charge.notice)}</p>}
      {newCharge}
    </>
  );
}
