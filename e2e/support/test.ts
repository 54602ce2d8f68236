import { type BrowserContext, test as base } from '@playwright/test';
import { runNow } from './test-now';

export { expect } from '@playwright/test';

/**
 * Gives a browser context the run's "now" (e2e/support/test-now.ts): Playwright's clock starts at
 * the same instant the portal's Clock reads at this moment and then runs at the real pace, so
 * "today" in the page is the day the server and the test's own date helpers use.
 */
export async function pinBrowserClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: runNow() });
}

/** Every browser test imports `test` from here: each context it opens sees the run's "now". */
export const test = base.extend({
  context: async ({ context }, use) => {
    await pinBrowserClock(context);
    await use(context);
  },
});
