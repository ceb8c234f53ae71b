import { useTranslation } from '../../i18n';

/** Under the keychain choice: when it takes effect, and that no secret is lost. */
export function KeychainNote() {
  const { t } = useTranslation();
  return (
    <p className="hint" id="set-keychain-note">
      {t('settings.keychainNextStart')}
    </p>
  );
}
