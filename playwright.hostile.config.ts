import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './tests/e2e/fixtures/chromium.ts';
import { hostilePort } from './tests/hostile/port.ts';

// The default brand built against the hostile fixture (tests/hostile/README.md), in Debian's
// Chromium (tests/e2e/fixtures/chromium.ts).
export default defineConfig({
  testDir: 'tests/hostile',
  testMatch: '**/*.spec.ts',
  // Beside the browser tests' results, not over them: `npm test` runs this suite after those,
  // and a failure of theirs kept its trace and page snapshot only until this run cleared them.
  outputDir: 'test-results/hostile',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  workers: 2,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${hostilePort}`,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node scripts/hostile-e2e.ts',
    url: `http://127.0.0.1:${hostilePort}/`,
    timeout: 300_000,
    reuseExistingServer: !process.env['CI'],
    stdout: 'pipe',
  },
});
