import { useState } from 'react';
import { RefundPanel } from '../../components/RefundPanel';
import { useTranslation } from '../../i18n';

/**
 * Devolver at the counter (a paid sale, of the amount charged or another): the same panel as
 * Histórico's, opened on demand; what can be given back is what arrived.
 */
export function CounterRefunds({ chargeId }: { chargeId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {t('refunds.title')}
      </button>
      {open && <RefundPanel chargeId={chargeId} />}
    </>
  );
}
