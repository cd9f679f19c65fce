import { defineConfig, devices } from '@playwright/test';
import { defaultBrandId } from './src/brands/index.ts';
import { chromiumLaunch } from './tests/e2e/fixtures/chromium.ts';
import { e2eDeployedApiDownPort, e2eDeployedPorts, e2ePorts } from './tests/e2e/fixtures/ports.ts';

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
    // Recording a trace of every test to keep only the failures' costs a fifth of the run's
    // time on two cores (listing and product specs: 57 s against 43 s), so CI records one
    // when it retries a failure.
    trace: process.env['CI'] ? 'on-first-retry' : 'retain-on-failure',
  },
  // Journeys that do not depend on the brand carry the tag @default-brand and run on the
  // default brand only; every other test runs on every brand. Each brand is served twice
  // (scripts/e2e-server.ts): by the local host, where every journey runs, and by `wrangler
  // pages dev` as Cloudflare Pages serves it, where deployed.spec.ts runs.
  projects: Object.keys(e2ePorts).flatMap((brand) => {
    const brandOnly = brand === defaultBrandId ? {} : { grepInvert: /@default-brand/ };
    return [
      {
        name: brand,
        metadata: { brand },
        use: { baseURL: `http://127.0.0.1:${String(e2ePorts[brand])}` },
        testIgnore: '**/deployed.spec.ts',
        ...brandOnly,
      },
      {
        name: `${brand} as deployed`,
        metadata: { brand },
        use: { baseURL: `http://127.0.0.1:${String(e2eDeployedPorts[brand])}` },
        testMatch: '**/deployed.spec.ts',
        ...brandOnly,
      },
    ];
  }),
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${String(e2eDeployedApiDownPort)}/`,
    timeout: 600_000,
    reuseExistingServer: !process.env['CI'],
    stdout: 'pipe',
  },
});
