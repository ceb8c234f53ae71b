import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en';
import { ptBR } from './pt-BR';

// i18next with react-i18next: pt-BR by default, complete English; the language is a setting.
void i18next.use(initReactI18next).init({
  resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
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
