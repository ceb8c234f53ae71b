import { lazy, Suspense } from 'react';
import { AlertNotice } from '../../components/AlertNotice';
import { Form } from '../../components/Form';
import { describeError } from '../../bridge';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';
import { salePayer, useApp } from '../../stores/app-store';
import { isLocked, payerFor, useCashier } from '../../stores/cashier-store';
import { AmountField } from './AmountField';
import { DefaultPayerLine } from './DefaultPayerLine';
import { PayerFields } from './PayerFields';
import { ValidityChoice } from './ValidityChoice';
import type { FieldErrors } from './validate';

// Com vencimento's fields and rules load when it is chosen, not with the Caixa (issue 35).
const DueDateFields = lazy(() =>
  import('./DueDateFields').then((m) => ({ default: m.DueDateFields })),
);

const hasNameAndDocument = (p: { name: string; document: string }) =>
  p.name.trim() !== '' && p.document.trim() !== '';

/** The sale as typed: amount, description, the payer when needed, and `Cobrar`. */
export function ChargeForm() {
  const { t } = useTranslation();
  const info = useApp((s) => s.info);
  const defaultPayer = useApp(salePayer);
  const c = useCashier();
  const err = (field: keyof FieldErrors) => {
    const code = c.errors[field];
    return code
      ? describeError({ code }, { max: formatMoney(info?.maxAmountCents ?? 0) })
      : undefined;
  };
  return (
    <Form className="cashier-form" onSubmit={() => void c.submit()} noValidate>
      {c.pdvWaiting !== null && (
        <p role="status" className="notice pdv-waiting">
          {t('counter.pdvPayer', { reference: c.pdvWaiting })}
        </p>
      )}
      <fieldset className="form-body" disabled={isLocked(c.charge)}>
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
        <DefaultPayerLine />
        {(!defaultPayer || c.identify) && (
          <PayerFields needsContact={info?.chargeOperation !== 'transaction'} err={err} />
        )}
        {/* After the payer: the keyboard flow amount → description → payer → Enter is unchanged. */}
        <ValidityChoice value={c.form.validity ?? ''} onChange={(v) => c.setField('validity', v)} />
        {c.form.validity === 'cobv' && (
          <Suspense fallback={null}>
            <DueDateFields
              draft={c.cobv}
              errors={c.cobvErrors}
              onChange={c.setCobv}
              payerKnown={hasNameAndDocument(payerFor(c.form, c.identify, defaultPayer))}
            />
          </Suspense>
        )}
        <button type="submit" className="btn btn-primary btn-charge" disabled={c.busy}>
          {c.busy ? t('cashier.charging') : t('cashier.charge')}
        </button>
      </fieldset>
      {c.message && <AlertNotice className="form-message">{c.message}</AlertNotice>}
      {/* A PDV sale waiting for its payer says what to do above: the usual hint would repeat it
          (and push the form past a 768 px screen). */}
      {c.pdvWaiting === null && (
        <p className="hint">
          {t('cashier.hintEnter')} · {t('cashier.hintEsc')}
        </p>
      )}
    </Form>
  );
}
