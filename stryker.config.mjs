// `npm run mutation`: Stryker mutates shared/domain/ and runs the domain's unit tests against
// each mutant (vitest runner, perTest coverage so only the tests that reach a mutant run).
// One worker: the machine it runs on is shared. Pass `-- --mutate shared/domain/money.ts`
// to score one file.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: ['shared/domain/**/*.ts'],
  // Not copied into the sandbox: build output, caches, other runs' sandboxes.
  ignorePatterns: ['/.stryker', '/dist', '/release', '/.cache', '/.test-results', '/coverage'],
  coverageAnalysis: 'perTest',
  // Module-level constants (code lists, status maps) would each rerun the whole suite; their
  // values are pinned where they are used (the i18n code test, the status reading tests).
  ignoreStatic: true,
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.stryker/report.html' },
  jsonReporter: { fileName: '.stryker/report.json' },
  tempDirName: '.stryker/tmp',
  incremental: false,
  thresholds: { high: 90, low: 80, break: 80 },
  timeoutMS: 10_000,
};
