// Dates and times in the interface language (pt-BR: 21/11/2026, 09:05:07; English:
// 11/21/2026, 09:05:07 AM). Every screen formats through these, never with a fixed locale.
// Two digits for every part: a time's width does not change with the hour, so a table's
// columns stay where they were between 9:59 and 10:00 (they jumped in English).
import { i18next } from './index';

const locale = () => (i18next.language === 'en' ? 'en-US' : 'pt-BR');

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
export const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = { ...DAY, ...TIME };

// One Intl.DateTimeFormat per locale and shape, kept: `toLocaleString(locale, options)` builds
// a new one on every call, ~0.5 ms each, and the receipt behind "Pago" formats several
// (issue 35, pay → "Pago" visible). Same output: toLocale*String is specified as this format.
const formats = new Map<string, Intl.DateTimeFormat>();
const format = (shape: 'dateTime' | 'time' | 'day', options: Intl.DateTimeFormatOptions) => {
  const key = `${locale()} ${shape}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale(), options)));
  return f;
};

export const formatDateTime = (ms: number) =>
  format('dateTime', DATE_TIME_PARTS).format(new Date(ms));
export const formatTime = (ms: number) => format('time', TIME).format(new Date(ms));
export const formatDate = (ms: number) => format('day', DAY).format(new Date(ms));
/** A spreadsheet's cell: date and time without the comma (pt-BR `21/11/2026 09:05:07`). */
export const formatCsvDateTime = (ms: number) => `${formatDate(ms)} ${formatTime(ms)}`;
/** A day `2026-11-21` (local) in the chosen locale: `21/11/2026`, `11/21/2026`. */
export const formatDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formatDate(new Date(y, m - 1, d).getTime());
};
