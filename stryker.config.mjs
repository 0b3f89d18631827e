// Mutation testing of the machines: `npm run test:mutation` (the README says how long it takes).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: ['src/machines/**/*.ts', '!src/machines/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // TypeScript 7 has no compiler API for Stryker to rewrite tsconfig with: point it at no file
  // and check types with `npm run typecheck` instead of a checker.
  tsconfigFile: 'stryker-has-no-tsconfig.json',
  checkers: [],
  reporters: ['clear-text', 'progress'],
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.tmp/stryker',
  cleanTempDir: true,
};
