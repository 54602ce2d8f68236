import { type BrowserContext, test as base } from '@playwright/test';
import { watchAccessibility } from './axe';
import { startWorkerPortal, type WorkerPortal } from './run-portal';
import { runNow } from './test-now';

export { expect } from '@playwright/test';
export { axeViolations, describeViolations, expectNoAxeViolations, watchAccessibility } from './axe';

/**
 * Gives a browser context the run's "now" (e2e/support/test-now.ts): Playwright's clock starts at
 * the same instant the portal's Clock reads at this moment and then runs at the real pace, so
 * "today" in the page is the day the server and the test's own date helpers use.
 */
export async function pinBrowserClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: runNow() });
}

/**
 * Every browser test imports `test` from here. It runs against its worker's own portal (started
 * once per worker on a copy of the run's seeded database, run-portal.ts; `baseURL` points at it).
 * Each context it opens sees the run's "now", and every page of it passes axe's WCAG 2.0/2.1/2.2
 * A and AA rules (e2e/support/axe.ts): each route once before the test leaves it with
 * page.goto/reload/close, and every open page after the test body. A test that failed is not
 * checked again at its end (its own error is the one to read).
 */
export const test = base.extend<object, { portal: WorkerPortal }>({
  portal: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const portal = await startWorkerPortal(workerInfo.parallelIndex);
      // What the worker's own helpers read (smtp.ts: its mails; the operations spec: its log).
      process.env.PORTAL_E2E_MAIL_DIR = portal.mailDir;
      process.env.PORTAL_E2E_LOG_FILE = portal.logFile;
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.baseUrl),
  context: async ({ context }, use, testInfo) => {
    await pinBrowserClock(context);
    const accessibility = watchAccessibility(context);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) return;
    await accessibility.checkOpenPages('end of test');
    for (const path of accessibility.unchecked()) {
      testInfo.annotations.push({ type: 'axe: not checked', description: `${path} (left through the app)` });
    }
  },
});

/** A spec's own portal's port: the worker's + 20,000, away from the worker's portal and its SMTP receiver (+10,000). */
export const specPortalPort = (workerPort: number): number => workerPort + 20_000;

/** `test` whose pages open the spec's own portal, which the spec starts on `specPortalPort`. */
export const testOnSpecPortal = test.extend({
  baseURL: async ({ portal }, use) => use(`http://127.0.0.1:${specPortalPort(portal.port)}`),
});
