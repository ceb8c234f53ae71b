import { expect } from 'vitest';

/**
 * Pins a function's answer for each input of a table: one row per rule example, so a test
 * reads as its cases instead of the same `expect(f(x)).toBe(y)` line again and again. A
 * failure names the input it is about.
 */
export function expectEach<I, O>(f: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>) {
  for (const [input, answer] of cases) expect(f(input), JSON.stringify(input)).toEqual(answer);
}
