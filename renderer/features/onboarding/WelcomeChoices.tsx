import { useTranslation } from '../../i18n';
import { LanguageChoice } from './LanguageChoice';

/**
 * `Bem-vindo ao Balcão`: the language first, then try the DEMO or connect a PSP, each with a line
 * saying what it is.
 */
export function WelcomeChoices({ onDemo, onConnect }: { onDemo(): void; onConnect(): void }) {
  const { t } = useTranslation();
  return (
    <div className="welcome">
      <LanguageChoice />
      <p>{t('onboarding.intro')}</p>
      <div className="welcome-choices">
        <button type="button" className="btn btn-large" onClick={onDemo}>
          {t('onboarding.tryDemo')}
        </button>
        <p className="muted">{t('onboarding.tryDemoHelp')}</p>
        <button type="button" className="btn btn-primary btn-large" onClick={onConnect}>
          {t('onboarding.connect')}
        </button>
        <p className="muted">{t('onboarding.connectHelp')}</p>
      </div>
    </div>
  );
}
