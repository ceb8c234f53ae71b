import { useMemo, useSyncExternalStore } from 'react';
import { ptBR } from './pt-BR';
import { Translator, type Lang, type TFunction } from './translator';

/**
 * pt-BR by default, complete English; the language is a setting. English's words are not in the
 * first chunk: they are fetched the first time English is chosen, and the switch waits for them,
 * so an English shop sees no Portuguese flash (issue 35, a small first screen).
 */
export const i18next = new Translator(async (lng) =>
  lng === 'en' ? (await import('./en')).en : {},
);
i18next.addWords('pt-BR', ptBR);

let screenWords: Promise<void> | undefined;
/**
 * The words of every screen but the Caixa (a chunk of their own in a build, see first-words.ts):
 * fetched with any other screen's chunk and on idle; a failed fetch is tried again next time.
 */
export function loadScreenWords(): Promise<void> {
  return (screenWords ??= import('./pt-BR-rest').then(
    (m) => i18next.addWords('pt-BR', m.rest),
    (e: unknown) => {
      screenWords = undefined;
      throw e;
    },
  ));
}

/** The words in the interface's language; the component re-renders when it changes. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const version = useSyncExternalStore(i18next.subscribe, () => i18next.version);
  // A new `t` per change, as react-i18next's, so memoised children see the new words.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, params) => i18next.t(key, params), [version]);
  return { t, i18n: i18next };
}

/** The interface language, and `<html lang>` with it (screen readers pick their voice by it). */
export async function setLanguage(lng: Lang): Promise<void> {
  await i18next.changeLanguage(lng);
  document.documentElement.lang = i18next.language;
}
export type { Lang, TFunction };
