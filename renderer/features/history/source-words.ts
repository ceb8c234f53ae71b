import { i18next } from '../../i18n';

/**
 * Who or what changed a charge's status, in the chosen language: a word from the table
 * (history.sources), or — for a source the table does not know yet — a sentence that carries
 * the code, never the bare code.
 */
export function sourceWords(code: string): string {
  const key = `history.sources.${code}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t('history.sourceOther', { code });
}
