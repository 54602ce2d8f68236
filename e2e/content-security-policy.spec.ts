import { expect, test } from './support/test';
import { PEOPLE, openAs } from './support/portal';

/**
 * The built web app works under the portal's Content-Security-Policy: every page is used as a
 * person would, and the browser reports no violation (the `securitypolicyviolation` event and
 * its console errors) and no other console error.
 */
test.describe('content security policy', () => {
  test('the pages load and work with no CSP violation or console error', async ({ page }) => {
    const violations: string[] = [];
    const consoleErrors: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) => {
        window.reportViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile);
      });`,
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    const first = await page.goto('/');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: 'The Future is Smart' })).toBeVisible();

    await openAs(page, PEOPLE.alice, '/');
    for (const [path, heading] of [
      ['/timesheets/create', /timesheet/i],
      ['/expenses/create', /expense/i],
      ['/documentation', /documentation/i],
      ['/admin/exchange-rates', /exchange rates/i],
      ['/admin/outbox', /outbox/i],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    }
    // Let late requests and lazy chunks settle before reading the reports.
    await page.waitForLoadState('networkidle');

    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
