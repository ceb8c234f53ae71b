import { i18next } from '../../i18n';

/**
 * A MED infraction's reason in the chosen language. PSPs send DICT's codes in either case
 * (QI Tech: `refund_request`, `scam`), so the code is upper-cased before the table
 * (infractions.reasons) is read; a code it does not know is carried inside a sentence; a
 * reason already in words is the PSP's own text.
 */
export function reasonWords(code: string): string {
  // Not a code but the PSP's own words ("Conta invadida", "Fraude": the sandbox's, as a
  // Portuguese-speaking PSP's panel shows them): shown as they are.
  if (!/^[A-Z0-9_]+$|^[a-z0-9_]+$/.test(code.trim())) return code.trim();
  const key = `infractions.reasons.${code.trim().toUpperCase()}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t('infractions.reasonOther', { code });
}
