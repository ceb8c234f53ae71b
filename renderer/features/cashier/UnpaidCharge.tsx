import type { ReactNode } from 'react';
import type { ChargeView } from '../../../shared/views';
import type { ReceiptPrint } from './receipt-print';
import { AlertNotice } from '../../components/AlertNotice';
import { useTranslation } from '../../i18n';
import { formatTime } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';
import { describeChargeNotice } from './charge-notice';
import { useCopyCode } from './copy-code';
import { ShareChargeButton } from '../share/ShareChargeButton';
import { PixCode } from './PixCode';

/**
 * A charge not (or no longer) paid: waiting with its QR, in doubt, or ended (failed, expired,
 * canceled, refunded), with what the cashier can do about it.
 */
export function UnpaidCharge({
  charge,
  demo,
  offline,
  printing,
  newCharge,
  onCancel,
  onSimulate,
  onRecheck,
}: {
  charge: ChargeView;
  demo: boolean;
  offline: boolean | undefined;
  printing: ReceiptPrint;
  newCharge: ReactNode;
  onCancel: (() => void) | undefined;
  onSimulate(): void;
  onRecheck(): void;
}) {
  const { t } = useTranslation();
  const [copy, copyCode] = useCopyCode(charge.brcode);
  const showQr = Boolean(charge.brcode) && charge.status === 'PENDING';
  const open = charge.status === 'PENDING' || charge.status === 'UNCERTAIN';
  return (
    <>
      <p className="panel-amount">{formatMoney(charge.amountCents)}</p>
      {charge.notice && (
        <p className="notice" role={charge.status === 'FAILED' ? 'alert' : undefined}>
          {describeChargeNotice(charge.notice)}
        </p>
      )}
      {charge.status === 'CANCELED' && charge.canceledAt !== undefined && (
        <p className="notice">{t('counter.canceledAt', { time: formatTime(charge.canceledAt) })}</p>
      )}
      {open && offline && (
        <p className="notice notice-warn" role="alert">
          {t('counter.noCallbacks')}
        </p>
      )}
      {showQr && <PixCode brcode={charge.brcode!} expiresAt={charge.expiresAt} />}
      {copy === 'failed' && <AlertNotice>{t('cashier.copyFailed')}</AlertNotice>}
      {printing.error && <AlertNotice>{printing.error}</AlertNotice>}
      <div className="panel-actions">
        {showQr && (
          <>
            <button type="button" className="btn" onClick={copyCode}>
              {copy === 'copied' ? t('cashier.copied') : t('cashier.copy')}
            </button>
            <button type="button" className="btn" onClick={printing.print}>
              {t('cashier.print')}
            </button>
            <ShareChargeButton chargeId={charge.id} />
          </>
        )}
        {demo && charge.status === 'PENDING' && (
          <button type="button" className="btn btn-demo" onClick={onSimulate}>
            {t('cashier.simulate')}
          </button>
        )}
        {charge.status === 'UNCERTAIN' && (
          <button type="button" className="btn" onClick={onRecheck}>
            {t('cashier.recheck')}
          </button>
        )}
        {open && onCancel && (
          <button type="button" className="btn btn-danger" onClick={onCancel}>
            {t('counter.cancelCharge')}
          </button>
        )}
        {newCharge}
      </div>
    </>
  );
}
