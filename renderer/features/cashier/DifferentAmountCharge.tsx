import type { ReactNode } from 'react';
import { receivedOf } from '../../../shared/domain/day-closing';
import type { ChargeView } from '../../../shared/views';
import type { ReceiptPrint } from './receipt-print';
import { AlertNotice } from '../../components/AlertNotice';
import type { amountDifference } from '../../components/charge-status-label';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';

/** Paid, but not what was charged: both amounts and what to do, never the green of `Pago`. */
export function DifferentAmountCharge({
  charge,
  diff,
  printing,
  newCharge,
}: {
  charge: ChargeView;
  diff: NonNullable<ReturnType<typeof amountDifference>>;
  printing: ReceiptPrint;
  newCharge: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="different-amounts">
        <dt>{t('different.charged')}</dt>
        <dd data-testid="valor-cobrado">{formatMoney(charge.amountCents)}</dd>
        <dt>{t('different.received')}</dt>
        <dd data-testid="valor-recebido">{formatMoney(receivedOf(charge))}</dd>
      </dl>
      <p className="different-gap">
        {t(diff.tone === 'under' ? 'different.missing' : 'different.extra', {
          amount: formatMoney(diff.cents),
        })}
      </p>
      <AlertNotice>{t(diff.tone === 'under' ? 'different.under' : 'different.over')}</AlertNotice>
      {printing.error && <AlertNotice>{printing.error}</AlertNotice>}
      <div className="panel-actions">
        <button type="button" className="btn" onClick={printing.print}>
          {t('history.printPaid')}
        </button>
        {/* Not the green primary: nothing on this panel may read as a plain Pago. */}
        {newCharge}
      </div>
    </>
  );
}
