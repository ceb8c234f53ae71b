import type { Ref } from 'react';
import { useTranslation } from '../../i18n';

/**
 * `Nova cobrança`: the green primary only under a plain `Pago`; focus moves here when the
 * charge is paid.
 */
export function NewChargeButton({
  ref,
  primary = false,
  onNew,
}: {
  ref: Ref<HTMLButtonElement>;
  primary?: boolean;
  onNew(): void;
}) {
  const { t } = useTranslation();
  return (
    <button
      ref={ref}
      type="button"
      className={`btn ${primary ? 'btn-primary' : 'btn-secondary'}`}
      onClick={onNew}
    >
      {t('cashier.newCharge')}
    </button>
  );
}
