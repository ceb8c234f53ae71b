import { useEffect, useRef } from 'react';
import { formatMoney } from '../../i18n/money';
import type { ChargeView } from '../../../shared/views';
import { useTranslation } from '../../i18n';
import { playPaidChime } from './sound';
import { amountDifference } from '../../components/charge-status-label';
import { CounterRefunds } from './CounterRefunds';
import { DifferentAmountCharge } from './DifferentAmountCharge';
import { NewChargeButton } from './NewChargeButton';
import { PaidCharge } from './PaidCharge';
import { useReceiptPrint } from './receipt-print';
import { UnpaidCharge } from './UnpaidCharge';

interface Props {
  charge: ChargeView;
  demo: boolean;
  /** Callbacks cannot arrive now (PSP or callback source unreachable): say what to do. */
  offline?: boolean;
  onNew(): void;
  onCancel?(): void;
  onSimulate(): void;
  onRecheck(): void;
}

/**
 * The charge on screen: QR, copy-and-paste, print, and an unmistakable PAID. The live status
 * itself is the screen's persistent `role="status"` (ChargeStatus), so each change is
 * announced once. Focus moves here when the QR appears, and to `Nova cobrança` on PAID.
 */
export function ChargePanel({
  charge,
  demo,
  offline,
  onNew,
  onCancel,
  onSimulate,
  onRecheck,
}: Props) {
  const { t } = useTranslation();
  const printing = useReceiptPrint(charge.id);
  const panel = useRef<HTMLElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const showQr = Boolean(charge.brcode) && charge.status === 'PENDING';
  const wasPaid = useRef(charge.status === 'PAID');
  useEffect(() => {
    if (charge.status === 'PAID' && !wasPaid.current) {
      wasPaid.current = true;
      playPaidChime();
      if (document.hidden && 'Notification' in window && Notification.permission === 'granted') {
        new Notification(t('paid'), { body: formatMoney(charge.amountCents) });
      }
    }
  }, [charge.status, charge.amountCents, t]);
  useEffect(() => {
    if (charge.status === 'PAID' || charge.status === 'PAID_DIFFERENT_AMOUNT')
      newButton.current?.focus();
  }, [charge.status]);
  useEffect(() => {
    if (showQr) panel.current?.focus();
  }, [showQr, charge.id]);

  const paid = charge.status === 'PAID';
  const diff = paid ? null : amountDifference(charge);
  const newCharge = <NewChargeButton ref={newButton} primary={paid} onNew={onNew} />;
  const shown = { charge, printing, newCharge };
  const [className, label] = paid
    ? ['paid', t('paid')]
    : diff
      ? [`paid-different amount-${diff.tone}`, t('status.PAID_DIFFERENT_AMOUNT')]
      : [`state-${charge.status.toLowerCase()}`, t('receipt.charge')];
  return (
    <section className={`charge-panel ${className}`} aria-label={label} ref={panel} tabIndex={-1}>
      {paid ? (
        <PaidCharge charge={charge} newCharge={newCharge} />
      ) : diff ? (
        <DifferentAmountCharge {...shown} diff={diff} />
      ) : (
        <UnpaidCharge {...shown} {...{ demo, offline, onCancel, onSimulate, onRecheck }} />
      )}
      {/* A DEMO sale refunds while in DEMO (simulated); never through a live PSP. */}
      {(paid || diff) && charge.demo === demo && <CounterRefunds chargeId={charge.id} />}
    </section>
  );
}
