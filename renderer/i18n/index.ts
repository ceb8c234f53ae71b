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

export const setLanguage = (lng: 'pt-BR' | 'en') => i18next.changeLanguage(lng);
export { i18next, useTranslation };
