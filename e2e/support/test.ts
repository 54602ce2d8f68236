import { type BrowserContext, test as base } from '@playwright/test';
import { watchAccessibility } from './axe';
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
 * Every browser test imports `test` from here. Each context it opens sees the run's "now", and
 * every page of it passes axe's WCAG 2.0/2.1/2.2 A and AA rules (e2e/support/axe.ts): each route
 * once before the test leaves it with page.goto/reload/close, and every open page after the test
 * body. A test that failed is not checked again at its end (its own error is the one to read).
 */
export const test = base.extend({
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
