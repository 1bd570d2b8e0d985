import { defineConfig } from 'vitest/config';
import { bundledDocumentsPlugin } from './spec-model/vite-plugin';

// Contract tests that read only the documents (no request is sent): they need nothing running, like the unit tests.
const OFFLINE_CONTRACT = ['coverage', 'examples', 'platform-enums', 'seed-enums', 'webhooks'].map(
  (name) => `tests/contract/${name}.test.ts`,
);

// Three projects. `unit` needs nothing running (`npm run test:unit`): the unit tests, the tests beside the modules
// they test, and the offline contract tests; its files share one module cache per worker (isolate: false), which
// makes the run three times faster; no file stubs globals or mocks modules, and the unstub/restore options below
// undo them after each test if one ever does. `against-mock` shares two mocks started by the global setup (which
// also builds docs-site/dist/ for the browser tests when it is missing or stale).
export default defineConfig({
  // The MSW entry imports the bundled documents as modules, in tests as in the build.
  plugins: [bundledDocumentsPlugin()],
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', '{src,mock,spec-model,scripts,docs-site}/**/*.test.ts', ...OFFLINE_CONTRACT],
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'against-mock',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/unit/**', 'tests/cluster/**', ...OFFLINE_CONTRACT],
          globalSetup: ['tests/support/global-mock.ts', 'tests/support/global-site.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Redis, three replicas and HAProxy of their own, started by the file (`npx vitest run --project cluster`).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
