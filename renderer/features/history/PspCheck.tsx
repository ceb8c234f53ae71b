import { useState } from 'react';
import type { PspCheck as Check } from '../../../shared/psp-check';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';

/** Fechamento's "Conferir com o PSP": the day's received charges against the PSP's PIX list. */
export function PspCheck({ day }: { day: string }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const r = await bridge().history.checkWithPsp({ day });
    setBusy(false);
    setCheck(r.ok ? r.value : null);
    setError(r.ok ? null : describeError(r));
  };
  const money = (b: { count: number; amountCents: number }) => ({
    count: b.count,
    amount: formatMoney(b.amountCents),
  });
  return (
    <div className="psp-check">
      <button type="button" className="btn" disabled={busy} onClick={() => void run()}>
        {t('refunds.check')}
      </button>
      <div role="status" aria-label={t('refunds.check')}>
        {error}
        {check && (
          <>
            <strong>{check.matches ? t('refunds.checked') : t('refunds.differs')}</strong>
            <ul>
              <li>{t('refunds.checkLedger', money(check.ledger))}</li>
              <li>{t('refunds.checkPsp', money(check.psp))}</li>
              {check.differences.map((d) => (
                <li key={d.chargeId}>
                  {t('refunds.checkRow', {
                    id: d.chargeId.slice(0, 8),
                    ledger: formatMoney(d.ledgerCents),
                    psp: formatMoney(d.pspCents),
                  })}
                </li>
              ))}
              {check.otherPix.count > 0 && (
                <li>{t('refunds.checkOther', money(check.otherPix))}</li>
              )}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
