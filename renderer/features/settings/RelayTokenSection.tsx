import { useTranslation } from '../../i18n';
import { useSettings } from '../../stores/settings-store';
import { SecretField } from './SecretField';

/**
 * `Token do canal do relay`, write-only, beside the relay's address and channel (Avisos de
 * pagamento): whether one is stored, never the token; cleared as soon as it is sent.
 */
export function RelayTokenSection() {
  const { t } = useTranslation();
  const { credentials, saveRelayToken } = useSettings();
  return (
    <section className="stack secret-inline" aria-label={t('settings.relayToken')}>
      <SecretField
        id="relay-token"
        label={t('settings.relayToken')}
        status={
          credentials.relayToken ? t('settings.relayTokenStored') : t('settings.relayTokenNone')
        }
        saveLabel={t('settings.saveRelayToken')}
        ready={(token) => token.length >= 16}
        onSave={(token) => void saveRelayToken(token)}
      />
    </section>
  );
}
