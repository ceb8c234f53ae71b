/**
 * How many cases a property test tries: `n` in `npm test`; a tenth (at least 100) under
 * `npm run mutation`, which runs the tests once per mutant. The rules each have their own
 * example test, which a mutant breaks first; the properties stay as the net.
 */
export const runs = (n: number): number =>
  process.env.BALCAO_MUTATION ? Math.max(100, Math.round(n / 10)) : n;
