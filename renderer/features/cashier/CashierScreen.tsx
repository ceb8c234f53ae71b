import { useEffect, useRef, type FormEvent } from 'react';
import { HealthIndicator } from '../health/HealthIndicator';
import { formatMoney } from '../../i18n/money';
import { describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { isLocked, useCashier } from '../../stores/cashier-store';
import { AmountField } from './AmountField';
import { ChargePanel } from './ChargePanel';
import { amountDifference } from '../../components/charge-status-label';
import { ChargeStatus } from './ChargeStatus';
import { ConfirmCancelDialog } from './ConfirmCancelDialog';
import { Receipt } from '../receipt/Receipt';
import { TextField } from '../../components/TextField';

/** Caixa: amount → Enter → QR, all by keyboard; Esc starts over (asking first if it may be paid). */
export function CashierScreen() {
  const { t } = useTranslation();
  const info = useApp((s) => s.info);
  const defaultPayer = useApp((s) => s.defaultPayer);
  const connection = useApp((s) => s.connection);
  const paperWidthMm = useApp((s) => s.paperWidthMm);
  const c = useCashier();
  const form = useRef<HTMLFormElement>(null);
  const err = (field: keyof typeof c.errors) => {
    const code = c.errors[field];
    return code
      ? describeError({ code }, { max: formatMoney(info?.maxAmountCents ?? 0) })
      : undefined;
  };

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
  }, [c]);

  useEffect(() => {
    // After a reset, once the form is enabled again (a disabled field cannot take the focus).
    if (c.resets > 0) document.getElementById('amount')?.focus();
  }, [c.resets]);

  useEffect(() => {
    // After a refused submit, put the cursor where the first problem is (once, not while typing).
    const { errors } = useCashier.getState();
    const first = (['amount', 'name', 'document', 'email', 'phone'] as const).find(
      (f) => errors[f],
    );
    if (first) document.getElementById(first === 'amount' ? 'amount' : `payer-${first}`)?.focus();
  }, [c.refusals]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void c.submit();
  };
  const needsContact = info?.chargeOperation !== 'transaction';
  const locked = isLocked(c.charge);
  const showPayer = !defaultPayer || c.identify;
  // Callbacks cannot arrive: the PSP is unreachable or no callback source is connected.
  const offline =
    connection !== null && (connection.psp === 'unreachable' || connection.state === 'offline');

  return (
    <div className="cashier">
      <h1 className="sr-only">{t('counter.title')}</h1>
      <HealthIndicator />
      <form ref={form} className="cashier-form" onSubmit={submit} noValidate>
        <fieldset className="form-body" disabled={locked}>
          <AmountField
            label={t('cashier.amount')}
            cents={c.form.amountCents}
            error={err('amount')}
            onDigit={c.typeDigit}
            onBackspace={c.backspace}
            onSet={c.setAmount}
            autoFocus
          />
          <TextField
            id="description"
            label={t('cashier.description')}
            value={c.form.description}
            maxLength={140}
            onChange={(v) => c.setField('description', v)}
          />
          {defaultPayer && (
            <p className="default-payer">
              {c.identify ? null : t('counter.defaultInUse', { name: defaultPayer.name })}{' '}
              <button
                type="button"
                className="btn btn-small"
                aria-expanded={c.identify}
                onClick={() => c.setIdentify(!c.identify)}
              >
                {c.identify ? t('counter.useDefault') : t('counter.identify')}
              </button>
            </p>
          )}
          {showPayer && (
            <fieldset className="payer">
              <legend>{t('cashier.payerSection')}</legend>
              <TextField
                id="payer-name"
                label={t('cashier.payerName')}
                value={c.form.name}
                maxLength={100}
                error={err('name')}
                onChange={(v) => c.setField('name', v)}
              />
              <TextField
                id="payer-document"
                label={t('cashier.payerDocument')}
                value={c.form.document}
                inputMode="numeric"
                error={err('document')}
                onChange={(v) => c.setField('document', v)}
              />
              {needsContact && (
                <>
                  <TextField
                    id="payer-email"
                    label={t('cashier.payerEmail')}
                    type="email"
                    inputMode="email"
                    value={c.form.email}
                    error={err('email')}
                    onChange={(v) => c.setField('email', v)}
                  />
                  <TextField
                    id="payer-phone"
                    label={t('cashier.payerPhone')}
                    type="tel"
                    inputMode="tel"
                    value={c.form.phone}
                    error={err('phone')}
                    onChange={(v) => c.setField('phone', v)}
                  />
                </>
              )}
            </fieldset>
          )}
          <button type="submit" className="btn btn-primary btn-charge" disabled={c.busy}>
            {c.busy ? t('cashier.charging') : t('cashier.charge')}
          </button>
        </fieldset>
        {c.message && (
          <p className="form-message" role="alert">
            {c.message}
          </p>
        )}
        <p className="hint">
          {t('cashier.hintEnter')} · {t('cashier.hintEsc')}
        </p>
      </form>
      <div className="cashier-side">
        <ChargeStatus
          status={c.busy ? 'SUBMITTING' : (c.charge?.status ?? null)}
          tone={c.busy || !c.charge ? undefined : amountDifference(c.charge)?.tone}
        />
        {c.charge ? (
          <ChargePanel
            charge={c.charge}
            demo={info?.mode === 'demo'}
            offline={offline}
            onNew={c.startOver}
            onCancel={c.askCancel}
            onSimulate={() => void c.simulate()}
            onRecheck={() => void c.recheck()}
          />
        ) : (
          <div className="charge-empty" aria-hidden="true">
            <p className="big-amount">{formatMoney(c.form.amountCents)}</p>
          </div>
        )}
      </div>
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
