import { useState } from 'react';
import { bridge, describeError } from '../../bridge';
import { AlertNotice } from '../../components/AlertNotice';
import { i18next, setLanguage, useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';

/** Each language by its own name: a person who reads only one of them finds it. */
const LANGUAGES = [
  ['pt-BR', 'Português'],
  ['en', 'English'],
] as const;

/**
 * The welcome screen's language, applied at once and kept (`onboarding:language`): the steps
 * after it, the Caixa and the default names ("Caixa 1" → "Register 1") follow it.
 */
export function LanguageChoice() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const choose = async (language: 'pt-BR' | 'en') => {
    const r = await bridge().onboarding.language({ language });
    if (!r.ok) return setError(describeError(r));
    setError(null);
    await setLanguage(r.value.language);
    await useApp.getState().refresh();
  };
  return (
    <div className="language-choice" role="group" aria-label={t('onboarding.languageGroup')}>
      {LANGUAGES.map(([code, name]) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="btn"
          aria-pressed={i18next.language === code}
          onClick={() => void choose(code)}
        >
          {name}
        </button>
      ))}
      {error && <AlertNotice className="field-error">{error}</AlertNotice>}
    </div>
  );
}
