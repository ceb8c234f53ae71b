/**
 * Brazil's bank business days, for a charge with a due date (`cobv`). Not business days
 * (Resolução CMN 4.880/2020, as quoted on Febraban's bank-holiday calendars): Saturdays,
 * Sundays and the national holidays — 1 Jan, Tiradentes 21 Apr, 1 May, 7 Sep, 12 Oct, 2 Nov,
 * 15 Nov, 20 Nov (Consciência Negra, national since Lei 14.759/2023), 25 Dec — plus the days
 * Febraban lists as bank holidays although federally only "ponto facultativo": Carnival's Monday
 * and Tuesday, Good Friday and Corpus Christi (Easter − 48, − 47, − 2, + 60).
 * Not known here (an assumption that they do not apply): state and municipal holidays, which
 * close the shop's own bank branch; the bank may then accept a payment a day later than this says.
 */
import { addDays, dayNumber } from './calendar-days';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];

/** The bank holidays of a year, `YYYY-MM-DD`. */
export function bankHolidays(year: number): Set<string> {
  const e = easter(year);
  const moving = [-48, -47, -2, 60].map((n) => addDays(e, n));
  return new Set([...FIXED.map((md) => `${year}-${md}`), ...moving]);
}

/** A bank business day: not a weekend, not a bank holiday. */
export function isBusinessDay(date: string): boolean {
  const n = dayNumber(date);
  if (n === null) return false;
  const weekday = (n + 4) % 7; // 1970-01-01 was a Thursday (4); 0 = Sunday, 6 = Saturday
  if (weekday === 0 || weekday === 6) return false;
  return !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** `date` itself when it is a business day, else the first business day after it. */
export function businessDayFrom(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}
