import type { ChargeView } from '../../../shared/views';
import { useTranslation } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';
import { addDays } from '../../../shared/domain/cobv';

type Terms = NonNullable<ChargeView['dueTerms']>;

/** Hundredths of a percent in the chosen language: 150 → `1,5%` / `1.5%`. */
const pct = (hundredths: number, language: string) =>
  `${(hundredths / 100).toLocaleString(language, { maximumFractionDigits: 2 })}%`;

/**
 * A charge `Com vencimento`: its due date and the terms the payer's bank applies, in one line
 * (the same terms the payer's message states, shared/domain/send-charge.ts).
 */
export function DueTermsLine({ terms }: { terms: Terms }) {
  const { t, i18n } = useTranslation();
  const parts = [
    formatDay(terms.dueDate),
    terms.discountCents > 0 &&
      t('history.dueDiscount', { amount: formatMoney(terms.discountCents) }),
    terms.finePct > 0 && t('history.dueFine', { pct: pct(terms.finePct, i18n.language) }),
    terms.interestPctMonth > 0 &&
      t('history.dueInterest', { pct: pct(terms.interestPctMonth, i18n.language) }),
    t('history.dueUntil', { day: formatDay(addDays(terms.dueDate, terms.daysAfterDue)) }),
  ].filter(Boolean);
  return (
    <>
      <dt>{t('history.dueTerms')}</dt>
      <dd>{parts.join(' · ')}</dd>
    </>
  );
}
