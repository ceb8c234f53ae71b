import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { ptBR } from './pt-BR';

/**
 * English's words (55 KB) are not in the first chunk: i18next asks this backend for a language
 * the first time it is chosen, and changeLanguage waits for it (issue 35, a small first screen).
 */
const lazyWords: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, _ns, done) => {
    if (lng !== 'en') return done(null, {});
    import('./en').then(
      (m) => done(null, m.en),
      (e: unknown) => done(e as Error, null),
    );
  },
};

// i18next with react-i18next: pt-BR by default, complete English; the language is a setting.
void i18next
  .use(lazyWords)
  .use(initReactI18next)
  .init({
    resources: { 'pt-BR': { translation: ptBR } },
    partialBundledLanguages: true,
    lng: 'pt-BR',
    fallbackLng: 'pt-BR',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

/** The interface language, and `<html lang>` with it (screen readers pick their voice by it). */
export async function setLanguage(lng: 'pt-BR' | 'en'): Promise<void> {
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
}
export { i18next, useTranslation };
