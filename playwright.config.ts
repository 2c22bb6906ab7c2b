import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep Chromium from reaching for
// Google's hosts on a closed network (recipes.md).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Each test file starts its own server (tests/e2e/fixtures.ts); 2 cores run 2 files at a time.
  workers: 2,
  fullyParallel: false,
  // Generous on purpose: the suite must pass on a busy 2-core machine (CI may share it). A test
  // asserts what the user sees, never how fast; figures an e2e logs are logged, not asserted.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  retries: process.env.CI ? 1 : 0,
  outputDir: '.tmp/test-results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 390, height: 844 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
