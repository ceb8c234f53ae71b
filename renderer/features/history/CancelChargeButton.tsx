import { useState } from 'react';
import { bridge, describeError } from '../../bridge';
import { AlertNotice } from '../../components/AlertNotice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';

/**
 * `Cancelar cobrança` in Histórico's detail of a charge still waiting (issue 37): the same
 * charges:cancel as the counter's (the PSP's PATCH where it has one), asked once, then `onDone`
 * reads the charge again so the detail shows what the ledger now says.
 */
export function CancelChargeButton({
  chargeId,
  amountCents,
  onDone,
}: {
  chargeId: string;
  amountCents: number;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setAsking(false);
    const r = await bridge().charges.cancel({ id: chargeId });
    if (!r.ok) setError(describeError(r));
    onDone();
  };
  return (
    <>
      <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
        {t('counter.cancelCharge')}
      </button>
      {error && <AlertNotice>{error}</AlertNotice>}
      {asking && (
        <ConfirmDialog
          id="detail-cancel"
          title={t('counter.confirmTitle', { amount: formatMoney(amountCents) })}
          text={t('counter.confirmText')}
          yes={t('counter.confirmYes')}
          no={t('counter.confirmNo')}
          onYes={() => void cancel()}
          onNo={() => setAsking(false)}
        />
      )}
    </>
  );
}
