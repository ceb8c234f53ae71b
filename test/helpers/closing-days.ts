import type { DayRange } from '../../shared/domain/day-closing';

export const H = 3_600_000;

/** Local days of November 2026, as the terminal computes them (dayRange). */
export const dayOf = (d: number): DayRange => ({
  from: new Date(2026, 10, d).getTime(),
  to: new Date(2026, 10, d + 1).getTime(),
});

/** The day the Fechamento tests close, and the day after it. */
export const D = dayOf(20);
export const D1 = dayOf(21);
