import { useTranslation } from '../../i18n';
import { useSettings } from '../../stores/settings-store';
import { SecretField } from './SecretField';

/**
 * The webhook secret of the PSP's panel (VeoPag signs its callbacks with it, not the client
 * secret): write-only, straight to the keychain, cleared from the screen once sent. Shown when
 * the profile says the PSP signs with one, or while one is stored (so it can be replaced).
 */
export function WebhookSecretField({ signsWithWebhook }: { signsWithWebhook: boolean }) {
  const { t } = useTranslation();
  const stored = useSettings((st) => st.credentials.webhookSecret);
  const saveWebhookSecret = useSettings((st) => st.saveWebhookSecret);
  if (!signsWithWebhook && !stored) return null;
  return (
    <div className="stack">
      <SecretField
        id="webhook-secret"
        label={t('settings.webhookSecret')}
        status={stored ? t('settings.webhookSecretStored') : t('settings.webhookSecretNone')}
        saveLabel={t('settings.saveWebhookSecret')}
        ready={(secret) => secret !== ''}
        onSave={(secret) => void saveWebhookSecret(secret)}
      />
    </div>
  );
}
