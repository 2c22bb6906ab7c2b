import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // Above the readiness waits' 10 s (tests/unit/setup.ts).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // A fresh PGlite pays initdb (~4 s); suites share one migrated template (see tests/server/helpers).
          // Generous on purpose: some tests start a server of their own, which takes 20 s and more
          // on a busy 2-core machine; no test may fail for time.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'firefox',
          // The core journeys in Firefox ESR over WebDriver BiDi, against the built app (dist/).
          include: ['tests/firefox/**/*.test.ts'],
          environment: 'node',
          // Generous on purpose, like the server project: a server and a browser start per file and
          // per test on a busy 2-core machine; no test may fail for time.
          testTimeout: 400_000,
          hookTimeout: 400_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
