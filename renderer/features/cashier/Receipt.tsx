import { formatBRL } from '../../../shared/domain/money';
import type { ChargeView } from '../../../shared/views';
import { useTranslation } from '../../i18n';
import { QrCode } from './QrCode';

/** The printed receipt (58 or 80 mm): shown only when printing. */
export function Receipt({
  charge,
  shopName,
  paperWidthMm,
}: {
  charge: ChargeView;
  shopName: string;
  paperWidthMm: 58 | 80;
}) {
  const { t } = useTranslation();
  if (!charge.brcode) return null;
  return (
    <section className="receipt" data-paper={paperWidthMm} aria-hidden="true">
      <h2>{shopName}</h2>
      <p className="receipt-amount">{formatBRL(charge.amountCents)}</p>
      {charge.description && <p>{charge.description}</p>}
      <div className="receipt-qr">
        <QrCode payload={charge.brcode} label="" size={200} />
      </div>
      <p className="receipt-code">{charge.brcode}</p>
      <p>
        {t('receipt.date')}: {new Date(charge.createdAt).toLocaleString('pt-BR')}
      </p>
      <p>
        {t('receipt.id')}: {charge.externalId}
      </p>
    </section>
  );
}
