import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumExecutable } from './e2e/support/chromium';
import { smtpReceiverPort, startRunSmtpReceiver } from './e2e/support/smtp';
import { pinTestRun } from './e2e/support/test-now';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built portal
 * started as `npm start` runs it: the embedded default with demo data, in a fresh data folder per
 * run, except that mail goes over SMTP to a real receiver of the run (e2e/support/smtp.ts; the
 * outbox keeps every mail too). "Now" is pinned for the whole run (PORTAL_NOW, default in e2e/support/test-now.ts)
 * in the portal, the browser and the tests alike; the browser's time zone is TEST_TZ (default UTC).
 */
const port = Number(process.env.E2E_PORT ?? 3199);
// Made once by the main process; workers inherit it through the environment. The global
// teardown removes it.
process.env.PORTAL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const dataDir = process.env.PORTAL_E2E_DATA_DIR;
// The portal's JSON log of the run, read by the last spec (e2e/zz-operations.spec.ts).
process.env.PORTAL_E2E_LOG_FILE ??= join(dataDir, 'portal.log');
// Also made once by the main process and inherited: the run's "now" and the moment it holds at.
pinTestRun();
// Also once, in the main process, before the portal starts: the SMTP server the portal mails to.
const smtpUrl = startRunSmtpReceiver(smtpReceiverPort(port));

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumExecutable, args: [...chromiumArgs] },
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: process.env.TEST_TZ || 'UTC',
  },
  webServer: {
    command: 'node services/portal/dist/main.js',
    url: `http://127.0.0.1:${port}/api/auth/config`,
    timeout: 300_000, // the portal builds its database and seeds first; on a loaded CI machine that took over 120 s
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PORTAL_NOW: process.env.PORTAL_NOW!,
      PORTAL_NOW_AT: process.env.PORTAL_NOW_AT!,
      SMTP_URL: smtpUrl,
      // As in the integration harness: a saved row shows in the next list even on a loaded machine.
      PROJECTION_WAIT_MS: '30000',
      // The reminders' repeatable jobs fire at real mornings; no browser test waits for one.
      REMINDERS_ENABLED: 'false',
      // Everything the portal logs goes to a file the last spec searches for personal data.
      LOG_LEVEL: 'debug',
      LOG_FILE: process.env.PORTAL_E2E_LOG_FILE,
    },
  },
});
