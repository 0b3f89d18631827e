import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bootChunk } from './scripts/bootChunk';
import { writeBuildStamp } from './scripts/buildStamp';
import { callTable } from './scripts/callTable';
import { precompress } from './scripts/precompress';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
};

const boot = bootChunk();
const CORE_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|wouter|regexparam|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/;

export default defineConfig({
  plugins: [
    // The console speaks English: react-aria's own words (a dialog's Dismiss, a list's selection
    // announcements) in its thirty-odd other languages are left out of the build (decision 036).
    optimizeLocales.vite({ locales: ['en'] }),
    react(),
    callTable(),
    precompress(),
    writeBuildStamp(),
    boot.plugin,
  ],
  resolve: { alias },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: what each route loads before its first interaction is read from it
    // (bench/routeWeights.ts, and the budget test). The server's static routes leave dotted paths out.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // One stylesheet for every screen (about 16 kB compressed), loaded with the page: no stylesheet
    // is added, and no style recalculated, as each screen's chunk arrives.
    cssCodeSplit: false,
    // No <link rel=modulepreload> per dependency, in index.html or when a route loads: adding them
    // held a slow phone's main thread for a third of a second as a screen loaded (measured on /users,
    // Lighthouse's mobile settings), while the chunks' own imports fetch the same files in parallel.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every route needs before its first paint, in one file rather than a handful: the
              // libraries every screen uses and the entry's own start-up modules (scripts/bootChunk).
              name: 'core',
              test: (id) => CORE_LIBRARIES.test(id) || boot.has(id),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/site': 'http://localhost:3000',
    },
  },
  test: {
    // Vitest leaves one core to itself (cores - 1 workers), which on two cores runs every unit and
    // API file one after another while its own process sits mostly idle: use both. The browser
    // tests run one file at a time whatever this says (maxWorkers below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'tests/machines/**/*.test.{ts,tsx}',
            'src/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          // Each file in a fresh module graph and jsdom cost more CPU than the tests themselves (186 s
          // against 83 s for the whole project, measured side by side): files share their worker's
          // modules and environment, and the setup file clears what a screen leaves behind.
          isolate: false,
          // A rendered screen test takes well under a second alone, but many at once on two busy cores
          // can take several: the bound is for a test that hangs, not a speed check.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          // As for the unit tests: loading the server's modules again for every file took a third of
          // the project's time (113 s against 167 s for a third of the files, measured side by side).
          // Each file still builds its own server on its own database; nothing in the server's modules
          // outlives a server, and a test that fakes the clock puts it back.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits as long as a Playwright locator would, not Vitest's one second: on a loaded
          // machine focus handed back as a dialog closes, or a list drawn after its answer, came later
          // than that, and the test failed while the console did what it should.
          expect: { poll: { timeout: 10_000 } },
          // One file at a time. The global setup starts a console server for each worker, so two
          // would work, but beside the unit and API tests they left those too little of the two
          // cores: two of them ran past their time limits (decision 017, the last section).
          maxWorkers: 1,
        },
      },
    ],
  },
});
