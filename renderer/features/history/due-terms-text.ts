import { lastPayableDay, type CobvTerms } from '../../../shared/domain/cobv';
import { formatDay } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';

type T = (key: string, o?: Record<string, unknown>) => string;

/** Hundredths of a percent in the chosen language: 150 → `1,5%` / `1.5%`. */
const pct = (hundredths: number, language: string) =>
  `${(hundredths / 100).toLocaleString(language, { maximumFractionDigits: 2 })}%`;

/**
 * A charge's `Com vencimento` terms in one line, in the chosen language — Histórico's detail and
 * the charges' CSV say the same: `10/12/2026 · multa de 2% · juros de 1% ao mês · pagável até …`.
 */
export function dueTermsText(terms: CobvTerms, t: T, language: string): string {
  return [
    formatDay(terms.dueDate),
    terms.discountCents > 0 &&
      t('history.dueDiscount', { amount: formatMoney(terms.discountCents) }),
    terms.finePct > 0 && t('history.dueFine', { pct: pct(terms.finePct, language) }),
    terms.interestPctMonth > 0 &&
      t('history.dueInterest', { pct: pct(terms.interestPctMonth, language) }),
    t('history.dueUntil', { day: formatDay(lastPayableDay(terms)) }),
  ]
    .filter(Boolean)
    .join(' · ');
}
