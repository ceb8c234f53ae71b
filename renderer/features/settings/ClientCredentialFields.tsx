import { bindFields } from '../../components/bind-fields';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The PSP's client id and secret (typed hidden): onboarding's PSP step and Credenciais. */
export function ClientCredentialFields({
  ids,
  value,
  error,
  onChange,
}: {
  /** The two inputs' DOM ids (the tests find them by these): the id's, then the secret's. */
  ids: readonly [string, string];
  value: ClientCredentials;
  error?(name: keyof ClientCredentials): string | undefined;
  onChange(patch: Partial<ClientCredentials>): void;
}) {
  const { t } = useTranslation();
  const field = bindFields(value, onChange);
  return (
    <>
      <TextField
        id={ids[0]}
        label={t('settings.clientId')}
        error={error?.('clientId')}
        {...field('clientId')}
      />
      <TextField
        id={ids[1]}
        label={t('settings.clientSecret')}
        type="password"
        error={error?.('clientSecret')}
        {...field('clientSecret')}
      />
    </>
  );
}
