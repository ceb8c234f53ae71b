import { describeError } from '../../bridge';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { COBV_FIELDS, type CobvDraft, type CobvErrors } from './cobv-fields';

/**
 * `Com vencimento` (an API Pix `cobv`): due date, days to pay after it, fine, interest and a
 * discount until the due date, one row of COBV_FIELDS each, each error in words under its field.
 */
export function DueDateFields({
  draft,
  errors,
  onChange,
  payerKnown = false,
}: {
  draft: CobvDraft;
  errors: CobvErrors;
  onChange(patch: Partial<CobvDraft>): void;
  /** The sale already has the payer's name and CPF/CNPJ: no need to say they are required. */
  payerKnown?: boolean;
}) {
  const { t } = useTranslation();
  const payerError = errors.name ?? errors.document;
  return (
    <fieldset className="cobv-fields">
      <legend>{t('cashier.cobvChoice')}</legend>
      {COBV_FIELDS.map((f) => {
        const e = errors[f.id];
        return (
          <TextField
            key={f.id}
            id={`cobv-${f.id}`}
            label={t(f.label)}
            type={f.type}
            {...(f.inputMode && { inputMode: f.inputMode })}
            value={draft[f.id]}
            error={e && describeError(e)}
            onChange={(v) => onChange({ [f.id]: v })}
          />
        );
      })}
      {/* The payer's own fields are the Caixa's; their cobv error is said here too. */}
      {payerError ? (
        <p className="field-error" role="alert">
          {describeError(payerError)}
        </p>
      ) : (
        !payerKnown && <p className="muted">{t('cashier.cobvPayerNeeded')}</p>
      )}
    </fieldset>
  );
}
