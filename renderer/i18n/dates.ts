// Dates and times in the interface language (pt-BR: 21/11/2026, 09:05:07; English:
// 11/21/2026, 09:05:07 AM). Every screen formats through these, never with a fixed locale.
// Two digits for every part: a time's width does not change with the hour, so a table's
// columns stay where they were between 9:59 and 10:00 (they jumped in English).
import { i18next } from './index';

const locale = () => (i18next.language === 'en' ? 'en-US' : 'pt-BR');

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
export const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = { ...DAY, ...TIME };

export const formatDateTime = (ms: number) =>
  new Date(ms).toLocaleString(locale(), DATE_TIME_PARTS);
export const formatTime = (ms: number) => new Date(ms).toLocaleTimeString(locale(), TIME);
export const formatDate = (ms: number) => new Date(ms).toLocaleDateString(locale(), DAY);
/** A spreadsheet's cell: date and time without the comma (pt-BR `21/11/2026 09:05:07`). */
export const formatCsvDateTime = (ms: number) => `${formatDate(ms)} ${formatTime(ms)}`;
/** A day `2026-11-21` (local) in the chosen locale: `21/11/2026`, `11/21/2026`. */
export const formatDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formatDate(new Date(y, m - 1, d).getTime());
};
