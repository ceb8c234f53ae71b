import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../i18n/money';
import type { ChargeView } from '../../../shared/views';
import { describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { describeChargeNotice } from './charge-notice';
import { printPage } from '../../print';
import { printedHeightMm, printReceipt } from '../receipt/print';
import { useCountdown } from './countdown';
import { QrCode } from './QrCode';
import { playPaidChime } from './sound';
import { formatTime } from '../../i18n/dates';
import { amountDifference } from '../../components/charge-status-label';
import { receivedOf } from '../../../shared/domain/day-closing';
import { RefundPanel } from '../../components/RefundPanel';

interface Props {
  charge: ChargeView;
  demo: boolean;
  /** Callbacks cannot arrive now (PSP or callback source unreachable): say what to do. */
  offline?: boolean;
  onNew(): void;
  onCancel?(): void;
  onSimulate(): void;
  onRecheck(): void;
}

/**
 * The charge on screen: QR, copy-and-paste, print, and an unmistakable PAID. The live status
 * itself is the screen's persistent `role="status"` (ChargeStatus), so each change is
 * announced once. Focus moves here when the QR appears, and to `Nova cobrança` on PAID.
 */
export function ChargePanel({
  charge,
  demo,
  offline,
  onNew,
  onCancel,
  onSimulate,
  onRecheck,
}: Props) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [printError, setPrintError] = useState<string | null>(null);
  const [showRefunds, setShowRefunds] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const showQr = Boolean(charge.brcode) && charge.status === 'PENDING';
  const countdown = useCountdown(charge.status === 'PENDING' ? charge.expiresAt : undefined);
  const wasPaid = useRef(charge.status === 'PAID');
  useEffect(() => {
    if (charge.status === 'PAID' && !wasPaid.current) {
      wasPaid.current = true;
      playPaidChime();
      if (document.hidden && 'Notification' in window && Notification.permission === 'granted') {
        new Notification(t('paid'), { body: formatMoney(charge.amountCents) });
      }
    }
  }, [charge.status, charge.amountCents, t]);
  useEffect(() => {
    if (charge.status === 'PAID' || charge.status === 'PAID_DIFFERENT_AMOUNT')
      newButton.current?.focus();
  }, [charge.status]);
  useEffect(() => {
    if (showQr) panel.current?.focus();
  }, [showQr, charge.id]);

  // "Copiado" only when the clipboard took it: a refused write (no permission, no focus) says
  // so, and selects the code so Ctrl+C still works.
  const copyCode = async () => {
    if (!charge.brcode) return;
    let state: 'copied' | 'failed' = 'copied';
    try {
      await navigator.clipboard.writeText(charge.brcode);
    } catch {
      state = 'failed';
      const el = document.querySelector('[data-testid="pix-copia-e-cola"]');
      if (el) window.getSelection()?.selectAllChildren(el);
    }
    setCopy(state);
    setTimeout(() => setCopy('idle'), state === 'copied' ? 2000 : 6000);
  };
  // ESC/POS when a thermal printer is configured; otherwise the host's print (silent to the
  // configured system printer in Electron, the dialog elsewhere).
  const print = async () => {
    const error = await printReceipt(charge.id, () => {
      void printPage(printedHeightMm()).then((r) => setPrintError(r.ok ? null : describeError(r)));
    });
    setPrintError(error);
  };

  // Devolver at the counter (a paid sale, of the amount charged or another): the same panel as
  // Histórico's, opened on demand; what can be given back is what arrived.
  const refunds = !charge.demo && (
    <>
      <button
        type="button"
        className="btn"
        aria-expanded={showRefunds}
        onClick={() => setShowRefunds((v) => !v)}
      >
        {t('refunds.title')}
      </button>
      {showRefunds && <RefundPanel chargeId={charge.id} />}
    </>
  );

  if (charge.status === 'PAID') {
    return (
      <section className="charge-panel paid" aria-label={t('paid')} ref={panel} tabIndex={-1}>
        <p className="paid-amount">{formatMoney(charge.amountCents)}</p>
        {charge.notice && <p className="notice">{describeChargeNotice(charge.notice)}</p>}
        <button ref={newButton} type="button" className="btn btn-primary" onClick={onNew}>
          {t('cashier.newCharge')}
        </button>
        {refunds}
      </section>
    );
  }

  // Paid, but not what was charged: both amounts and what to do, never the green of `Pago`.
  const diff = amountDifference(charge);
  if (diff) {
    return (
      <section
        className={`charge-panel paid-different amount-${diff.tone}`}
        aria-label={t('status.PAID_DIFFERENT_AMOUNT')}
        ref={panel}
        tabIndex={-1}
      >
        <dl className="different-amounts">
          <dt>{t('different.charged')}</dt>
          <dd data-testid="valor-cobrado">{formatMoney(charge.amountCents)}</dd>
          <dt>{t('different.received')}</dt>
          <dd data-testid="valor-recebido">{formatMoney(receivedOf(charge))}</dd>
        </dl>
        <p className="different-gap">
          {t(diff.tone === 'under' ? 'different.missing' : 'different.extra', {
            amount: formatMoney(diff.cents),
          })}
        </p>
        <p className="notice" role="alert">
          {t(diff.tone === 'under' ? 'different.under' : 'different.over')}
        </p>
        {printError && (
          <p className="notice" role="alert">
            {printError}
          </p>
        )}
        <div className="panel-actions">
          <button type="button" className="btn" onClick={() => void print()}>
            {t('history.printPaid')}
          </button>
          {/* Not the green primary: nothing on this panel may read as a plain Pago. */}
          <button ref={newButton} type="button" className="btn btn-secondary" onClick={onNew}>
            {t('cashier.newCharge')}
          </button>
        </div>
        {refunds}
      </section>
    );
  }

  const open = charge.status === 'PENDING' || charge.status === 'UNCERTAIN';
  return (
    <section
      className={`charge-panel state-${charge.status.toLowerCase()}`}
      aria-label={t('receipt.charge')}
      ref={panel}
      tabIndex={-1}
    >
      <p className="panel-amount">{formatMoney(charge.amountCents)}</p>
      {charge.notice && (
        <p className="notice" role={charge.status === 'FAILED' ? 'alert' : undefined}>
          {describeChargeNotice(charge.notice)}
        </p>
      )}
      {charge.status === 'CANCELED' && charge.canceledAt !== undefined && (
        <p className="notice">{t('counter.canceledAt', { time: formatTime(charge.canceledAt) })}</p>
      )}
      {open && offline && (
        <p className="notice notice-warn" role="alert">
          {t('counter.noCallbacks')}
        </p>
      )}
      {showQr && (
        <>
          <QrCode payload={charge.brcode!} label={t('cashier.qr')} />
          <p className="copy-label">{t('cashier.copyPaste')}</p>
          <p className="copia-e-cola" data-testid="pix-copia-e-cola">
            {charge.brcode}
          </p>
          {countdown && <p className="countdown">{t('cashier.expiresIn', { time: countdown })}</p>}
        </>
      )}
      {copy === 'failed' && (
        <p className="notice" role="alert">
          {t('cashier.copyFailed')}
        </p>
      )}
      {printError && (
        <p className="notice" role="alert">
          {printError}
        </p>
      )}
      <div className="panel-actions">
        {showQr && (
          <>
            <button type="button" className="btn" onClick={() => void copyCode()}>
              {copy === 'copied' ? t('cashier.copied') : t('cashier.copy')}
            </button>
            <button type="button" className="btn" onClick={() => void print()}>
              {t('cashier.print')}
            </button>
          </>
        )}
        {demo && charge.status === 'PENDING' && (
          <button type="button" className="btn btn-demo" onClick={onSimulate}>
            {t('cashier.simulate')}
          </button>
        )}
        {charge.status === 'UNCERTAIN' && (
          <button type="button" className="btn" onClick={onRecheck}>
            {t('cashier.recheck')}
          </button>
        )}
        {open && onCancel && (
          <button type="button" className="btn btn-danger" onClick={onCancel}>
            {t('counter.cancelCharge')}
          </button>
        )}
        <button ref={newButton} type="button" className="btn btn-secondary" onClick={onNew}>
          {t('cashier.newCharge')}
        </button>
      </div>
    </section>
  );
}
