import { useEffect, useRef } from 'react';
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
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => no.current?.focus(), []);
  return (
    <div className="modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-cancel-title"
        aria-describedby="confirm-cancel-text"
        className="modal"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          // The innermost dialog takes Esc; the screen under it must not start over too.
          e.preventDefault();
          e.stopPropagation();
          onNo();
        }}
      >
        <h2 id="confirm-cancel-title">
          {t('counter.confirmTitle', { amount: formatMoney(confirm.amountCents) })}
        </h2>
        <p id="confirm-cancel-text">
          {t(confirm.kind === 'abandon' ? 'counter.confirmAbandonText' : 'counter.confirmText')}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-danger" onClick={onYes}>
            {t('counter.confirmYes')}
          </button>
          <button ref={no} type="button" className="btn" onClick={onNo}>
            {t('counter.confirmNo')}
          </button>
        </div>
      </div>
    </div>
  );
}
