import { Suspense, useState } from 'react';
import { useTranslation } from '../../i18n';
import { lazyScreen } from '../../lazy-screen';

/** Opened on a click: a chunk of its own, fetched on idle once the Caixa is up (issue 35). */
export const RefundPanel = lazyScreen(() =>
  import('../../components/RefundPanel').then((m) => m.RefundPanel),
);

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
      {open && (
        <Suspense fallback={null}>
          <RefundPanel chargeId={chargeId} />
        </Suspense>
      )}
    </>
  );
}
