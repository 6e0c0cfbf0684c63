import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download its own browser here), against the
 * servers of scripts/e2e-server.mjs: a throwaway database, the built portal and console served by the API,
 * the worker and the gateway simulator.
 */
const port = process.env.E2E_PORT || '3300';
// The simulator's port follows the API's (3300 → 3400), so two runs side by side need only E2E_PORT apart.
const simPort = process.env.E2E_SIM_PORT || String(Number(port) + 100);

const CONSOLE_WIDTHS = [390, 820, 1440];
const WIDTHS_TEST = '**/console/e2e/widths.e2e.ts';

export default defineConfig({
  testDir: '.',
  testMatch: ['apps/*/e2e/**/*.e2e.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  // CI shares two cores between Chromium, the API, the worker, the simulator and PostgreSQL: a screen may take
  // longer than Playwright's default 5 s to show what a test waits for without anything being wrong (load
  // averages above 20 were seen): timeouts catch a hang, not slowness.
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [WIDTHS_TEST],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
    // The console at a phone's, a tablet's and a desktop's width: one walk of every screen each.
    ...CONSOLE_WIDTHS.map((width) => ({
      name: `console-${width}`,
      testMatch: [WIDTHS_TEST],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width, height: width < 600 ? 844 : 1000 },
        isMobile: width < 600,
        hasTouch: width < 600,
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    })),
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: port, E2E_SIM_PORT: simPort },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
