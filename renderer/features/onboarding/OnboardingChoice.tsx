import { Choice } from '../../components/Choice';
import { useTranslation } from '../../i18n';
import { useOnboarding, type ConnectForm } from '../../stores/onboarding-store';

type ChoiceKey = 'kind' | 'chargeOperation';

/** One choice of the onboarding form, by its key: each value and the i18n key of its text. */
export function OnboardingChoice<K extends ChoiceKey>({
  name,
  id,
  label,
  options,
}: {
  name: K;
  id: string;
  label: string;
  options: Record<ConnectForm[K], string>;
}) {
  const { t } = useTranslation();
  const { form, edit } = useOnboarding();
  return (
    <Choice<ConnectForm[K]>
      id={id}
      label={label}
      value={form[name]}
      options={(Object.entries(options) as [ConnectForm[K], string][]).map(
        ([v, key]) => [v, t(key)] as const,
      )}
      onChange={(v) => edit({ [name]: v })}
    />
  );
}
