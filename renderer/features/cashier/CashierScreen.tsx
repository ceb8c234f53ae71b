import { useEffect } from 'react';
import { HealthIndicator } from '../health/HealthIndicator';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useCashier } from '../../stores/cashier-store';
import { ChargeForm } from './ChargeForm';
import { ChargeSide } from './ChargeSide';
import { ConfirmCancelDialog } from './ConfirmCancelDialog';
import { Receipt } from '../receipt/Receipt';

/** Caixa: amount → Enter → QR, all by keyboard; Esc starts over (asking first if it may be paid). */
export function CashierScreen() {
  const { t } = useTranslation();
  const info = useApp((s) => s.info);
  const paperWidthMm = useApp((s) => s.paperWidthMm);
  const c = useCashier();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Esc belongs to the innermost dialog: one that handled it, or any open one, wins.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      useCashier.getState().startOver();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // Once: the handler reads the store when a key comes (it was re-added on every keystroke).
  }, []);

  useEffect(() => {
    // After a reset, once the form is enabled again (a disabled field cannot take the focus).
    if (c.resets > 0) document.getElementById('amount')?.focus();
  }, [c.resets]);

  useEffect(() => {
    // A PDV sale that waits for its payer: the cursor goes where the cashier types next.
    if (c.pdvWaiting !== null) document.getElementById('payer-name')?.focus();
  }, [c.pdvWaiting]);

  useEffect(() => {
    // After a refused submit, put the cursor where the first problem is (once, not while typing).
    const { errors } = useCashier.getState();
    const first = (['amount', 'name', 'document', 'email', 'phone'] as const).find(
      (f) => errors[f],
    );
    if (first) document.getElementById(first === 'amount' ? 'amount' : `payer-${first}`)?.focus();
  }, [c.refusals]);

  return (
    <div className="cashier">
      <h1 className="sr-only">{t('counter.title')}</h1>
      <HealthIndicator />
      <ChargeForm />
      <ChargeSide />
      {c.confirm && (
        <ConfirmCancelDialog
          confirm={c.confirm}
          onYes={() => void c.confirmYes()}
          onNo={c.confirmNo}
        />
      )}
      {c.charge && info && (
        <Receipt charge={c.charge} shopName={info.shopName} paperWidthMm={paperWidthMm} />
      )}
    </div>
  );
}
