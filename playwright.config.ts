import { defineConfig, devices } from '@playwright/test';
import { defaultBrandId } from './src/brands/index.ts';
import { e2ePorts } from './tests/e2e/fixtures/ports.ts';

// Debian's Chromium: Playwright cannot download its own browsers on these machines. The
// flags keep it from calling home, which this machine's closed network refuses.
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

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
    launchOptions: chromium,
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
