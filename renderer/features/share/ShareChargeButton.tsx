import { Suspense, useState } from 'react';
import type { ChargeView } from '../../../shared/views';
import { bridge, describeError } from '../../bridge';
import { AlertNotice } from '../../components/AlertNotice';
import { useTranslation } from '../../i18n';
import { lazyScreen } from '../../lazy-screen';

/**
 * The share dialog (its sheet, WhatsApp and e-mail) opens on a click: a chunk of its own, fetched
 * on idle once the Caixa is up (issue 35, a small first screen).
 */
export const ShareChargeDialog = lazyScreen(() =>
  import('./ShareChargeDialog').then((m) => m.ShareChargeDialog),
);

/**
 * `Enviar cobrança`, on the Caixa and on a waiting charge in Histórico: opens the dialog on the
 * ledger's view of the charge (read again, so only its verified code is ever sent).
 */
export function ShareChargeButton({ chargeId }: { chargeId: string }) {
  const { t } = useTranslation();
  const [charge, setCharge] = useState<ChargeView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    const r = await bridge().charges.get({ id: chargeId });
    if (r.ok) setCharge(r.value);
    else setError(describeError(r));
  };
  return (
    <>
      <button type="button" className="btn" onClick={() => void open()}>
        {t('share.open')}
      </button>
      {error && <AlertNotice>{error}</AlertNotice>}
      {charge && (
        <Suspense fallback={null}>
          <ShareChargeDialog charge={charge} onClose={() => setCharge(null)} />
        </Suspense>
      )}
    </>
  );
}
