import { Fragment } from 'react';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { ConnectionTest } from './ConnectionTest';
import { useFieldError } from './field-error';

/** Each relay field: what it holds, its id, its label, and whether it is a secret. */
const RELAY_FIELDS = [
  ['url', 'ob-relay-url', 'settings.relayUrl', 'text'],
  ['channelId', 'ob-relay-channel', 'settings.relayChannel', 'text'],
  ['token', 'ob-relay-token', 'settings.relayToken', 'password'],
  ['adminToken', 'ob-relay-admin', 'onboarding.relayAdmin', 'password'],
] as const;

/** Callbacks through a relay: its address, channel and tokens, and the test. */
export function RelayFields() {
  const { t } = useTranslation();
  const { form, edit, stored } = useOnboarding();
  const error = useFieldError();
  return (
    <fieldset className="stack">
      <legend>{t('onboarding.relayTitle')}</legend>
      <p className="muted">{t('onboarding.relayHelp')}</p>
      {RELAY_FIELDS.map(([key, id, label, type]) => (
        <Fragment key={key}>
          <TextField
            id={id}
            label={t(label)}
            type={type}
            value={form.relay[key]}
            error={error(`relay.${key}`)}
            onChange={(v) => edit({ relay: { ...form.relay, [key]: v } })}
          />
          {key === 'token' && stored.relayToken && (
            <p className="muted">{t('settings.relayTokenStored')}</p>
          )}
        </Fragment>
      ))}
      <ConnectionTest />
    </fieldset>
  );
}
