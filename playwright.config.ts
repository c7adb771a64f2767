import { defineConfig, devices } from '@playwright/test';

// End-to-end tests: Debian's Chromium against the real portal, started by e2e/global-setup.ts
// with a local SMTP server and a local OpenID provider. Run with `bash scripts/test-e2e.sh`
// (it builds the web app first).

/** Debian's headless shell at the size every spec starts from. */
const browser = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1366, height: 900 },
  launchOptions: {
    // Debian's headless shell (Chromium's old headless mode, the same Blink without the browser's
    // UI layers): a third less CPU than the full browser for the same tests. Lighthouse and the
    // benchmark use the full browser.
    executablePath: '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/** Specs that start a portal of their own (e2e/support/demo-portal.ts). */
const ownPortalSpecs = ['billing.spec.ts', 'every-page-demo.spec.ts', 'support-targets.spec.ts', 'two-factor.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  // Three workers, one test file each at a time, on two cores: with two, the browsers, the server and
  // Playwright used about 1.4 cores (900 CPU s in 620 s): each worker spends much of its time waiting
  // for a page, the server or an e-mail. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A test signs up, signs in and out several times: under load on 2 cores that takes more than
  // 30 s, and up to 75 s with one core busy (scripts/e2e-under-load.sh): no test sets a shorter limit.
  // Each wait is still bounded by the expect and action timeouts below.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    headless: true,
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // Failure screenshots land in test-results/e2e/; the named screenshots for review in e2e/screenshots/.
    screenshot: 'only-on-failure',
    // Off: recording a trace (a screencast and DOM snapshots of every action) for every test, to keep
    // only the failures', cost a quarter of the suite's CPU. To debug a failure, run its spec again
    // with `--trace retain-on-failure` (or `on`) and open it with `npx playwright show-trace`.
    trace: 'off',
    // Chromium composites in software here: the shell's live dot and the sign-in page's carousel
    // repaint every frame, and that took two thirds of the browser's CPU. No test asserts motion;
    // every-page.spec.ts checks the moving sign-in page with motion on.
    reducedMotion: 'reduce',
  },
  // Specs with a worker-scoped portal of their own (the demo's) form their own worker groups, and
  // Playwright queues those after every group of the shared portal: the demo's walk of every page
  // (about 100 s on one worker) then ran alone at the end. A project listed first is queued first.
  projects: [
    { name: 'own-portal', testMatch: ownPortalSpecs, use: browser },
    { name: 'chromium', testIgnore: ownPortalSpecs, use: browser },
  ],
});
