import { TextField } from '../../components/TextField';
import { useOnboarding } from '../../stores/onboarding-store';
import { useFieldError } from './field-error';

type TextKey = 'baseUrl' | 'clientId' | 'clientSecret' | 'webhookSecret';

/** One text field of the onboarding form: its value, its error and its edit, by its key. */
export function OnboardingField({
  name,
  id,
  label,
  secret = false,
}: {
  name: TextKey;
  id: string;
  label: string;
  /** Typed hidden (a credential). */
  secret?: boolean;
}) {
  const { form, edit } = useOnboarding();
  const error = useFieldError();
  return (
    <TextField
      id={id}
      label={label}
      type={secret ? 'password' : 'text'}
      value={form[name] ?? ''}
      error={error(name)}
      onChange={(v) => edit({ [name]: v })}
    />
  );
}
