import type { Page } from '@playwright/test';

/**
 * Collects the page's Content-Security-Policy violations (the `securitypolicyviolation` event) as
 * 'directive blocked uri' lines, from the next navigation on; the test reads the array at its end.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => {
        window.reportViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline'));
      });`,
  });
  return violations;
}
