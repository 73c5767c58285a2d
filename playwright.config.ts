import { defineConfig, devices } from '@playwright/test';

// Playwright cannot download browsers here: use Debian's Chromium (scripts/e2e.mjs installs it).
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// scripts/e2e.mjs starts a seeded server and sets this; set it yourself to test a running one.
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run `npm run test:e2e`, which starts a server.');

export default defineConfig({
  testDir: 'e2e',
  // One at a time: the specs share one seeded server, and since promoted pins serve in everyone's
  // home feed two at once disturb each other's feeds and saves (2026-11-26: 5 of 72 failed with two,
  // none with one). E2E_WORKERS=2 runs two (4 minutes instead of about 10) for a quick look.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  // One retry, and the list names every test that passed only on it as "flaky" with its first
  // failure's error: a test that fails twice still fails the run. E2E_RETRIES=0 runs each test once.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    // A trace of a test's retry only: recording one for every test (DOM snapshots and screenshots
    // at each step) cost the suite a fifth of its time on the 2-core CI machine (2026-11-27: 12.2
    // min with traces kept on failure, 9.8 without; same 74 tests). A test that fails twice has the
    // second failure's trace; the first failure's error is in the report either way.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
  ],
});
