import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumExecutable } from './e2e/support/chromium';
import { freeBasePort } from './e2e/support/free-ports';
import { pinTestRun } from './e2e/support/test-now';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built portal,
 * started as `npm start` starts it but on PostgreSQL: the global setup seeds the demo data once
 * into a template database, and each worker (three by default, E2E_WORKERS) runs its own portal
 * on a copy of it, with its own SMTP receiver (e2e/support/run-portal.ts, the worker fixture in
 * e2e/support/test.ts).
 * "Now" is pinned for the whole run (PORTAL_NOW, default in e2e/support/test-now.ts) in the
 * portals, the browser and the tests alike; the browser's time zone is TEST_TZ (default UTC).
 * The embedded default itself (PGlite, no DATABASE_URL) runs in the specs that start a second
 * portal (e2e/support/second-portal.ts).
 */
// Made once by the main process; workers inherit it through the environment. The global
// teardown removes it.
process.env.PORTAL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// Also made once by the main process and inherited: the run's "now" and the moment it holds at.
pinTestRun();
const workers = Number(process.env.E2E_WORKERS ?? 3);
// The run's ports, free when it starts (another checkout's run may hold 3199 and up).
process.env.E2E_PORT ??= String(freeBasePort(workers));

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  // A ceiling per test for a loaded two-core machine, not a figure: a test that needs more says so.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each worker has a portal of its own (e2e/support/run-portal.ts); E2E_WORKERS sets how many.
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumExecutable, args: [...chromiumArgs] },
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: process.env.TEST_TZ || 'UTC',
    // The portal's service worker would answer requests that page.route() then never sees, and
    // precache the whole app in every test's context: only e2e/offline.spec.ts lets it run.
    serviceWorkers: 'block',
  },
});
