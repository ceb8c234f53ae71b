import { useEffect, useState } from 'react';
import { isReceived, receivedOf } from '../../../shared/domain/day-closing';
import { formatMoney } from '../../i18n/money';
import type { HistoryRow } from '../../../shared/history';
import type { ChargeView } from '../../../shared/views';
import { bridge } from '../../bridge';
import { useTranslation } from '../../i18n';
import { PrintArea } from './PrintArea';
import { ReceiptQr } from './ReceiptQr';
import './receipt.css';
import { formatDateTime } from '../../i18n/dates';
import { receiptIssuedAt } from '../../../shared/domain/receipt-time';

export type ReceiptCharge = ChargeView &
  Partial<Pick<HistoryRow, 'pspTransactionId' | 'paidAt' | 'operatorName'>>;

const when = formatDateTime;

/** A paid charge's receipt needs the PSP's id and paid time, which the ledger's detail holds. */
function useReceiptRow(charge: ReceiptCharge): ReceiptCharge {
  const [row, setRow] = useState<ReceiptCharge>(charge);
  const paid = isReceived(charge);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new charge resets, then reads the ledger
    setRow(charge);
    if (!paid || charge.pspTransactionId !== undefined) return;
    let live = true;
    void bridge()
      .history.detail({ id: charge.id })
      .then((r) => live && r.ok && setRow({ ...charge, ...r.value.charge }));
    return () => {
      live = false;
    };
  }, [charge, paid]);
  return row;
}

/**
 * The printed receipt at true size (58 or 80 mm): for a charge waiting, the QR (≥ 30 mm), the
 * copy-and-paste code wrapped, its expiry and id; once paid, the `Comprovante` with the paid
 * time and the PSP's id. Off-screen until printed (or saved as PDF).
 */
export function Receipt({
  charge: given,
  shopName,
  paperWidthMm,
}: {
  charge: ReceiptCharge;
  shopName: string;
  paperWidthMm: 58 | 80;
}) {
  const { t } = useTranslation();
  const charge = useReceiptRow(given);
  // When the receipt was made; receiptIssuedAt keeps it no earlier than the payment.
  const [madeAt] = useState(() => Date.now());
  const paid = isReceived(charge);
  const different = charge.status === 'PAID_DIFFERENT_AMOUNT';
  if (!paid && !charge.brcode) return null;
  return (
    <PrintArea widthMm={paperWidthMm}>
      <section className={`receipt receipt-${paperWidthMm}`} data-paper={paperWidthMm}>
        <h2 className="receipt-shop">{shopName}</h2>
        {charge.demo && <p className="receipt-demo">{t('receipt.demo')}</p>}
        <p className="receipt-title">{paid ? t('receipt.paidTitle') : t('receipt.title')}</p>
        {different ? (
          // Paid another amount: it says so, the money that arrived large, and both amounts.
          <>
            <p className="receipt-title" data-testid="receipt-different">
              {t('receipt.differentTitle')}
            </p>
            <p className="receipt-amount">{formatMoney(receivedOf(charge))}</p>
            <dl className="receipt-fields">
              <dt>{t('receipt.charged')}</dt>
              <dd>{formatMoney(charge.amountCents)}</dd>
              <dt>{t('receipt.received')}</dt>
              <dd>{formatMoney(receivedOf(charge))}</dd>
            </dl>
          </>
        ) : (
          <p className="receipt-amount">{formatMoney(charge.amountCents)}</p>
        )}
        {charge.description && <p>{charge.description}</p>}
        {paid ? (
          <dl className="receipt-fields">
            <dt>{t('receipt.paidAt')}</dt>
            <dd>{when(charge.paidAt ?? charge.updatedAt)}</dd>
            <dt>{t('receipt.id')}</dt>
            <dd className="receipt-code">{charge.externalId}</dd>
            {charge.pspTransactionId && (
              <>
                <dt>{t('receipt.pspId')}</dt>
                <dd className="receipt-code">{charge.pspTransactionId}</dd>
              </>
            )}
          </dl>
        ) : (
          <>
            <ReceiptQr payload={charge.brcode!} />
            <p className="receipt-label">{t('cashier.copyPaste')}</p>
            <p className="receipt-code" data-testid="receipt-code">
              {charge.brcode}
            </p>
            <dl className="receipt-fields">
              <dt>{t('receipt.expires')}</dt>
              <dd>{when(charge.expiresAt)}</dd>
              <dt>{t('receipt.id')}</dt>
              <dd className="receipt-code">{charge.externalId}</dd>
            </dl>
          </>
        )}
        <p className="receipt-small">
          {t('receipt.date')}: {when(receiptIssuedAt(charge, madeAt))}
        </p>
        {/* Who rang it (issue 36), when Histórico's row says so. */}
        {charge.operatorName && (
          <p className="receipt-small">
            {t('receipt.operator')}: {charge.operatorName}
          </p>
        )}
        {charge.demo && <p className="receipt-demo">{t('receipt.demo')}</p>}
      </section>
    </PrintArea>
  );
}
