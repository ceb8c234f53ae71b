import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatMoney } from '../../i18n/money';
import { useTranslation } from '../../i18n';
import type { Confirm } from '../../stores/cashier-store';

/**
 * `Cancelar a cobrança de R$ X?`: asked before a charge that may still be paid leaves the
 * screen. Esc closes this dialog only (the sale stays).
 */
export function ConfirmCancelDialog({
  confirm,
  onYes,
  onNo,
}: {
  confirm: NonNullable<Confirm>;
  onYes(): void;
  onNo(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="confirm-cancel"
      title={t('counter.confirmTitle', { amount: formatMoney(confirm.amountCents) })}
      text={t(confirm.kind === 'abandon' ? 'counter.confirmAbandonText' : 'counter.confirmText')}
      yes={t('counter.confirmYes')}
      no={t('counter.confirmNo')}
      onYes={onYes}
      onNo={onNo}
    />
  );
}
