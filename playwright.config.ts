import { defineConfig, devices } from '@playwright/test';
import { EXPECT_TIMEOUT_MS } from './e2e/fixtures/reached.ts';
import { CHROMIUM_ARGS, SUITE_CHROMIUM_PATH } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4319);

// Debian's chromium (its headless build), never a downloaded browser (see scripts/chromium.mjs).
export const chromiumLaunch = { executablePath: SUITE_CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Specs are independent (each test its own browser context, the site a static server), so
  // tests run in parallel, two at a time: the machine has two cores, and a third worker only
  // slows the other two. No spec measures time, so a busy core delays a test, never fails it.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Upper bounds, never measurements: on a 2-core machine shared with other work, hydration, a
  // lazy chunk or a walk of forty steps can take many times what it takes on a quiet one.
  // Assertions poll until they hold, so a loose bound costs nothing when the page is fast.
  timeout: 120_000,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  // and a brief of the failures, which the test command prints after its summary (CI shows the
  // run's last lines only; a failure's own lines are hundreds above them)
  reporter: [[process.env.CI ? 'line' : 'list'], ['./scripts/reporters/playwright-brief.mjs']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } },
  ],
  webServer: {
    // the built site with exactly the headers of its _headers file (strict CSP included), as a
    // static host sends them, so every spec runs under that policy
    command: `node bench/lib/static-server.mjs dist ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
