import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { ChargeView } from '../../../shared/views';
import { useQrSvg } from '../../components/qr-svg';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';
import './share.css';

/**
 * The charge on an A4 (or A5) sheet for a payer who is not at the counter: shop, amount, what it
 * is for, until when, the QR 60 mm wide (read from 40 cm and more: docs/remote-charges.md) and
 * the copy-and-paste text. While it is mounted it is the only thing the page prints.
 */
export function ChargeSheet({
  charge,
  shopName,
  paper,
}: {
  charge: ChargeView & { brcode: string };
  shopName: string;
  paper: 'A4' | 'A5';
}) {
  const { t } = useTranslation();
  const qr = useQrSvg(charge.brcode, 4);
  useEffect(() => {
    document.body.classList.add('printing-sheet');
    return () => document.body.classList.remove('printing-sheet');
  }, []);
  return createPortal(
    <div className="print-area sheet-area" data-paper={paper} aria-hidden="true">
      <style>{`@page { size: ${paper} portrait !important; margin: 0 !important; }`}</style>
      <section className={`charge-sheet charge-sheet-${paper}`}>
        <h1 className="sheet-shop">{shopName}</h1>
        <p className="sheet-title">{t('share.sheetTitle')}</p>
        <p className="sheet-amount">{formatMoney(charge.amountCents)}</p>
        {charge.description && <p className="sheet-description">{charge.description}</p>}
        <p className="sheet-due">
          {t('share.sheetDue', { when: formatDateTime(charge.expiresAt) })}
        </p>
        {qr ? <img className="sheet-qr" src={qr} alt="" /> : <div className="sheet-qr" />}
        <p className="sheet-howto">{t('share.sheetHowTo')}</p>
        <p className="sheet-label">{t('cashier.copyPaste')}</p>
        <p className="sheet-code" data-testid="sheet-code">
          {charge.brcode}
        </p>
        <p className="sheet-id">
          {t('receipt.id')}: {charge.externalId}
        </p>
      </section>
    </div>,
    document.body,
  );
}
