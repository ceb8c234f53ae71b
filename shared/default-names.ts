/**
 * The names a fresh install gives the terminal and the shop, per interface language. A name the
 * owner never changed follows the language when it is switched (on the welcome screen or in
 * Configurações); a name the owner typed is theirs and never changes.
 */
export type Language = 'pt-BR' | 'en';

export const DEFAULT_NAMES: Record<Language, { terminalName: string; shopName: string }> = {
  'pt-BR': { terminalName: 'Caixa 1', shopName: 'Minha loja' },
  en: { terminalName: 'Register 1', shopName: 'My shop' },
};

const isDefault = (key: 'terminalName' | 'shopName', value: string) =>
  Object.values(DEFAULT_NAMES).some((n) => n[key] === value);

/** `s` in `language`, its names renamed when they still are a default one. */
export function withLanguage<T extends { terminalName: string; shopName: string }>(
  s: T,
  language: Language,
): T & { language: Language } {
  const names = DEFAULT_NAMES[language];
  return {
    ...s,
    language,
    terminalName: isDefault('terminalName', s.terminalName) ? names.terminalName : s.terminalName,
    shopName: isDefault('shopName', s.shopName) ? names.shopName : s.shopName,
  };
}
