import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { useFieldError } from './field-error';

/** `Pagador padrão` (optional): with it, a sale at the counter is amount + Enter. */
export function DefaultPayerFields() {
  const { t } = useTranslation();
  const { form, edit } = useOnboarding();
  const error = useFieldError();
  const payer = form.defaultPayer ?? { name: '', document: '', email: '', phone: '' };
  const fields = [
    ['name', 'text'],
    ['document', 'text'],
    ['email', 'email'],
    ['phone', 'tel'],
  ] as const;
  return (
    <fieldset className="stack">
      <legend>{t('defaultPayer.title')}</legend>
      <p className="muted">{t('defaultPayer.note')}</p>
      {fields.map(([k, type]) => (
        <TextField
          key={k}
          id={`ob-default-payer-${k}`}
          label={t(`defaultPayer.${k}`)}
          type={type}
          value={payer[k]}
          error={error(`defaultPayer.${k}`)}
          onChange={(v) => edit({ defaultPayer: { ...payer, [k]: v } })}
        />
      ))}
    </fieldset>
  );
}
