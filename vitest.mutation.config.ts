import { defineConfig } from 'vitest/config';
import app from './vite.config';

/**
 * The tests that judge the machines, alone: mutation testing (stryker.config.mjs) runs them once
 * per mutant, so the slower screen and API suites stay out.
 */
export default defineConfig({
  plugins: app.plugins,
  resolve: app.resolve,
  test: {
    // `npm run test:mutation -- builder/review` names the test files of one concern (scripts/mutation.ts).
    include: process.env.MUTATION_TESTS?.split(',') ?? ['tests/machines/**/*.test.{ts,tsx}'],
    // Machines need no DOM; the files that use local storage ask for jsdom themselves.
    environment: 'node',
  },
});
