import { useState } from 'react';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useSettings } from '../../stores/settings-store';

/**
 * The webhook secret of the PSP's panel (VeoPag signs its callbacks with it, not the client
 * secret): write-only, straight to the keychain, cleared from the screen once sent. Shown when
 * the profile says the PSP signs with one, or while one is stored (so it can be replaced).
 */
export function WebhookSecretField({ signsWithWebhook }: { signsWithWebhook: boolean }) {
  const { t } = useTranslation();
  const stored = useSettings((st) => st.credentials.webhookSecret);
  const saveWebhookSecret = useSettings((st) => st.saveWebhookSecret);
  const [secret, setSecret] = useState('');
  if (!signsWithWebhook && !stored) return null;
  return (
    <div className="stack">
      <p>{stored ? t('settings.webhookSecretStored') : t('settings.webhookSecretNone')}</p>
      <TextField
        id="webhook-secret"
        label={t('settings.webhookSecret')}
        type="password"
        value={secret}
        onChange={setSecret}
      />
      <button
        type="button"
        className="btn"
        disabled={!secret}
        onClick={() => {
          void saveWebhookSecret(secret);
          setSecret('');
        }}
      >
        {t('settings.saveWebhookSecret')}
      </button>
    </div>
  );
}
