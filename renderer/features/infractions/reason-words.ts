import { i18next } from '../../i18n';

/**
 * A MED infraction's reason in the chosen language. PSPs send DICT's codes in either case
 * (QI Tech: `refund_request`, `scam`), so the code is upper-cased before the table
 * (infractions.reasons) is read; a code it does not know is carried inside a sentence.
 */
export function reasonWords(code: string): string {
  const key = `infractions.reasons.${code.trim().toUpperCase()}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t('infractions.reasonOther', { code });
}
