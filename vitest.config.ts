import { defineConfig } from 'vitest/config';
import { bundledDocumentsPlugin } from './spec-model/vite-plugin';

// Two projects: unit tests need nothing running; the rest share one mock started by the global setup (which
// also builds docs-site/dist/ for the browser tests when it is missing or stale).
export default defineConfig({
  // The MSW entry imports the bundled documents as modules, in tests as in the build.
  plugins: [bundledDocumentsPlugin()],
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'against-mock',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/unit/**'],
          globalSetup: ['tests/support/global-mock.ts', 'tests/support/global-site.ts'],
        },
      },
    ],
  },
});
