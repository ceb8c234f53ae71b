import type { ChargeRefunds, RefundView } from '../../shared/refunds';
import { PrintArea } from '../features/receipt/PrintArea';
import { useTranslation } from '../i18n';
import { formatMoney } from '../i18n/money';
import { useApp } from '../stores/app-store';
import { refundReceipt } from './refund-receipt';

/** A devolução's receipt in the print area, for the host's print. */
export function RefundPaper({ refund, data }: { refund: RefundView; data: ChargeRefunds }) {
  const { t } = useTranslation();
  const paperWidthMm = useApp((s) => s.paperWidthMm);
  const doc = refundReceipt(refund, data, t);
  return (
    <PrintArea widthMm={paperWidthMm}>
      <div className="receipt">
        {doc.heading.map((h) => (
          <p key={h}>{h}</p>
        ))}
        {doc.sections[0]!.rows.map((row) => (
          <p key={row.label}>
            {row.label}: {formatMoney(row.cents)}
          </p>
        ))}
        <p className="mono">{doc.footer}</p>
      </div>
    </PrintArea>
  );
}
