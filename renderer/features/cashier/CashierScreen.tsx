import { lazy, Suspense, useEffect } from 'react';
import { lazyScreen } from '../../lazy-screen';
import { HealthIndicator } from '../health/HealthIndicator';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useCashier } from '../../stores/cashier-store';
import { ChargeForm } from './ChargeForm';
import { ChargeSide } from './ChargeSide';
import { ConfirmCancelDialog } from './ConfirmCancelDialog';
import { OperatorBar } from '../operators/OperatorBar';
import { useOperators } from '../../stores/operators-store';

// Fechar turno's summary (with its CSV and paper) is fetched when a shift is closed: the first
// screen stays the Caixa's alone (issue 35).
const ShiftSummaryDialog = lazy(() =>
  import('../operators/ShiftSummaryDialog').then((m) => ({ default: m.ShiftSummaryDialog })),
);

/**
 * "Quem está no caixa?" only shows in a shop with operators: a chunk of its own, fetched as soon
 * as the Caixa learns operators are on (most shops have none: 2.5 KB off their first load).
 */
const OperatorPrompt = lazyScreen(() =>
  import('../operators/OperatorPrompt').then((m) => m.OperatorPrompt),
);

/**
 * The paper receipt (printed, never on screen) is drawn once there is a charge: a chunk of its
 * own, fetched on idle once the Caixa is up, long before the first Enter (issue 35).
 */
export const Receipt = lazyScreen(() => import('../receipt/Receipt').then((m) => m.Receipt));

/** Caixa: amount → Enter → QR, all by keyboard; Esc starts over (asking first if it may be paid). */
export function CashierScreen() {
  const { t } = useTranslation();
  const info = useApp((s) => s.info);
  const paperWidthMm = useApp((s) => s.paperWidthMm);
  const c = useCashier();
  const ops = useOperators();
  useEffect(() => void useOperators.getState().load(), []);
  useEffect(() => {
    if (ops.enabled) void OperatorPrompt.preload();
  }, [ops.enabled]);

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
      {ops.enabled ? (
        // With operators: who sells, and the prompt in place of the sale form when nobody is
        // at the counter (the charge on the side stays, watched to Pago).
        <div className="cashier-operator">
          <OperatorBar />
          {ops.current ? (
            <ChargeForm />
          ) : (
            <Suspense fallback={null}>
              <OperatorPrompt />
            </Suspense>
          )}
        </div>
      ) : (
        <ChargeForm />
      )}
      <ChargeSide />
      {ops.summary && (
        <Suspense fallback={null}>
          <ShiftSummaryDialog />
        </Suspense>
      )}
      {c.confirm && (
        <ConfirmCancelDialog
          confirm={c.confirm}
          onYes={() => void c.confirmYes()}
          onNo={c.confirmNo}
        />
      )}
      {c.charge && info && (
        <Suspense fallback={null}>
          <Receipt charge={c.charge} shopName={info.shopName} paperWidthMm={paperWidthMm} />
        </Suspense>
      )}
    </div>
  );
}
