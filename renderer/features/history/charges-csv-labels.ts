import { CSV_COLUMNS, type CsvLabels } from '../../../shared/domain/charges-csv';
import { formatCsvDateTime } from '../../i18n/dates';
import { dueTermsText } from './due-terms-text';

/** The charges' CSV in the chosen language: column names, statuses, yes/no, dates, sends. */
export const chargesCsvLabels = (
  t: (key: string, o?: Record<string, unknown>) => string,
  language = 'pt-BR',
) =>
  ({
    status: (s) => t(`status.${s}`),
    yes: t('history.yes'),
    no: t('history.no'),
    dateTime: formatCsvDateTime,
    header: CSV_COLUMNS.map((c) => t(`csvColumns.${c}`)),
    operatorHeader: t('csvColumns.operator'),
    dueHeader: t('history.dueTerms'),
    dueTerms: (terms) => dueTermsText(terms, t, language),
    share: (p) => t(p.to ? 'csvColumns.shareTo' : 'csvColumns.shareAt', p),
  }) satisfies CsvLabels;
