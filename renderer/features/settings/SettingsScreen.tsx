import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import { useSettings } from '../../stores/settings-store';
import { BackupsSection } from './BackupsSection';
import { ChangePinSection } from './ChangePinSection';
import { ConnectSection } from './ConnectSection';
import { CredentialsSection } from './CredentialsSection';
import { DefaultPayerSection } from './DefaultPayerSection';
import { ReceiverSection } from './ReceiverSection';
import { SettingsForm } from './SettingsForm';

/** Configurações: the non-secret settings, write-only credentials, the owner PIN. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { draft: s, edit, message, load, save } = useSettings();
  // Typed secrets and PINs stay in this screen's sections only, cleared as soon as they are sent.
  useEffect(() => {
    void load();
  }, [load]);
  if (!s) return null;
  return (
    <div className="owner-screen">
      <h1>{t('nav.settings')}</h1>
      {message && <p role="status">{message}</p>}
      <ConnectSection />
      <SettingsForm s={s} edit={edit} save={() => void save()} />
      <DefaultPayerSection />
      <ReceiverSection />
      <BackupsSection />
      <CredentialsSection s={s} />
      <ChangePinSection />
    </div>
  );
}
