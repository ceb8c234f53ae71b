/** Calendar days as `YYYY-MM-DD` strings, counted in whole days (no time zone involved). */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, or null for a date that does not exist. */
export function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1) return null;
  return t / 86_400_000;
}

export const addDays = (date: string, days: number): string =>
  new Date((dayNumber(date)! + days) * 86_400_000).toISOString().slice(0, 10);
