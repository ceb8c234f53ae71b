import { PinField } from '../../components/PinField';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { useFieldError } from './field-error';

/** Each field: what it holds, its id, its label. */
const PIN_FIELDS = [
  ['newPin', 'ob-pin', 'owner.newPin'],
  ['confirmPin', 'ob-pin2', 'owner.confirmPin'],
] as const;

/** The owner PIN, typed twice (first run). */
export function PinStep() {
  const { t } = useTranslation();
  const { form, edit } = useOnboarding();
  const error = useFieldError();
  return (
    <fieldset className="stack">
      <legend>{t('onboarding.pinTitle')}</legend>
      <p className="muted">{t('onboarding.pinHelp')}</p>
      {PIN_FIELDS.map(([name, id, label]) => (
        <PinField
          key={name}
          id={id}
          label={t(label)}
          maxLength={8}
          value={form[name]}
          error={error(name)}
          onChange={(v) => edit({ [name]: v })}
        />
      ))}
    </fieldset>
  );
}
