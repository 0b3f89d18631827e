// Mutation testing of the machines: `npm run test:mutation` (scripts/mutation.ts; the README says
// how long it takes and how to run one machine).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // `related`: a mutant runs only the test files that import its file, directly or through other
  // modules (list.ts's mutants run lifecycle's and the page tree's tests too). This matters for
  // static mutants (the machine definitions, evaluated at import): they run every test of those
  // files, not every machine test. Never `testFiles` instead: with a test filter Stryker 9.6
  // activates static mutants after the module loaded, so they survive (stryker-js#6144).
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['src/machines/**/*.ts', '!src/machines/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // TypeScript 7 has no compiler API for Stryker to rewrite tsconfig with: point it at no file
  // and check types with `npm run typecheck` instead of a checker.
  tsconfigFile: 'stryker-has-no-tsconfig.json',
  checkers: [],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.tmp/stryker',
  cleanTempDir: true,
};
