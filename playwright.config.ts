import { defineConfig, devices } from '@playwright/test';
import { defaultBrandId } from './src/brands/index.ts';
import { chromiumLaunch } from './tests/e2e/fixtures/chromium.ts';
import { e2ePorts } from './tests/e2e/fixtures/ports.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    ...devices['Desktop Chrome'],
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
  },
  // Journeys that do not depend on the brand carry the tag @default-brand and run on the
  // default brand only; every other test runs on every brand.
  projects: Object.entries(e2ePorts).map(([brand, port]) => ({
    name: brand,
    use: { baseURL: `http://127.0.0.1:${port}` },
    ...(brand === defaultBrandId ? {} : { grepInvert: /@default-brand/ }),
  })),
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${e2ePorts['smatroll']}/`,
    timeout: 600_000,
    reuseExistingServer: !process.env['CI'],
    stdout: 'pipe',
  },
});
