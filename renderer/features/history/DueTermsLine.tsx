import type { ChargeView } from '../../../shared/views';
import { useTranslation } from '../../i18n';
import { dueTermsText } from './due-terms-text';

/** A charge `Com vencimento` in Histórico's detail: its due date and terms, in one line. */
export function DueTermsLine({ terms }: { terms: NonNullable<ChargeView['dueTerms']> }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <dt>{t('history.dueTerms')}</dt>
      <dd>{dueTermsText(terms, t, i18n.language)}</dd>
    </>
  );
}
