import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';

/** `Conectar ao PSP` from Configurações: the onboarding's steps, reachable again. */
export function ConnectSection() {
  const { t } = useTranslation();
  return (
    <section className="stack connect-cta" aria-label={t('onboarding.connect')}>
      <p>{t('onboarding.connectFromSettings')}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void useApp.getState().go('connect')}
      >
        {t('onboarding.connect')}
      </button>
    </section>
  );
}
