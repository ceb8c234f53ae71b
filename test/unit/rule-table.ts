import { expect, it } from 'vitest';

/**
 * A test named for its rule whose whole body is a table of the function's answers, one row per
 * example, instead of the same `expect(f(x)).toBe(y)` line again and again. A failure names the
 * input it is about.
 */
export function itMaps<I, O>(
  rule: string,
  f: (input: I) => O,
  cases: ReadonlyArray<readonly [I, O]>,
) {
  it(rule, () => {
    for (const [input, answer] of cases) expect(f(input), JSON.stringify(input)).toEqual(answer);
  });
}
