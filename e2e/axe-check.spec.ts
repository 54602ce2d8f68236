import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from '@playwright/test';
import {
  axeViolations,
  describeViolations,
  expect,
  expectNoAxeViolations,
  test,
  watchAccessibility,
} from './support/test';

/**
 * The accessibility check itself (e2e/support/axe.ts): it finds violations on a page made
 * deliberately inaccessible, names them so a developer can fix them, runs automatically before
 * a test leaves a route and at its end, and works under the portal's Content-Security-Policy.
 * The bad page lives in a context of its own, so the automatic check of the test's own context
 * never sees it.
 */

const BAD_PAGE = `<!doctype html>
<html lang="en">
  <head><title>Deliberately inaccessible</title></head>
  <body>
    <main>
      <h1>Deliberately inaccessible</h1>
      <img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <p id="faint" style="color: #b0b0b0; background: #ffffff">Faint text</p>
      <button id="nameless" type="button"></button>
      <p><button id="tiny" type="button" style="width: 14px; height: 14px; padding: 0">+</button><button
        id="tiny-too" type="button" style="width: 14px; height: 14px; padding: 0">-</button></p>
    </main>
  </body>
</html>`;

const GOOD_PAGE = `<!doctype html>
<html lang="en">
  <head><title>Fine</title></head>
  <body>
    <main>
      <h1>Fine</h1>
      <p>Plain readable text.</p>
      <table role="grid" aria-label="Rows">
        <tr><th scope="col">Actions</th></tr>
        <tr>
          <td role="gridcell" tabindex="0" id="cell" style="width: 120px; height: 40px">
            <button type="button" style="padding: 0.5rem">Edit</button><button
              type="button" style="padding: 0.5rem">Delete</button>
          </td>
        </tr>
      </table>
    </main>
  </body>
</html>`;

/** A context of its own whose '/axe-proof/bad' and '/axe-proof/good' answer the pages above. */
async function proofContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.route('**/axe-proof/*', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().endsWith('/bad') ? BAD_PAGE : GOOD_PAGE,
    }),
  );
  return context;
}

test.describe('the axe check of the browser tests', () => {
  test('finds each violation of a bad page with its rule, impact, help and element', async ({
    browser,
    baseURL,
  }) => {
    const context = await proofContext(browser, baseURL);
    try {
      const page = await context.newPage();
      await page.goto('/axe-proof/bad');
      const violations = await axeViolations(page);
      const found = Object.fromEntries(
        violations.map((v) => [v.id, { impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }]),
      );
      expect(found).toEqual({
        'image-alt': { impact: 'critical', targets: ['#no-alt'] },
        'color-contrast': { impact: 'serious', targets: ['#faint'] },
        'button-name': { impact: 'critical', targets: ['#nameless'] },
        'target-size': { impact: 'serious', targets: ['#tiny', '#tiny-too'] },
      });

      const report = describeViolations(violations, '/axe-proof/bad');
      expect(report).toContain('4 WCAG A/AA rule(s) violated on /axe-proof/bad');
      expect(report).toContain('- image-alt (critical): Images must have alternative text');
      expect(report).toContain('at #faint');
      expect(report).toContain('https://dequeuniversity.com/rules/axe/');
      await expect(expectNoAxeViolations(page, 'proof')).rejects.toThrow(
        /button-name \(critical\)[\s\S]*at #nameless/,
      );

      // A focusable grid cell holding its own buttons is not "too small": axe alone says it is
      // (axe-core#3674), the check drops that report.
      await page.goto('/axe-proof/good');
      const raw = await new AxeBuilder({ page }).withRules(['target-size']).setLegacyMode().analyze();
      expect(raw.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual(['#cell']);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('runs by itself before a test leaves a route and on every open page at the end', async ({
    browser,
    baseURL,
  }) => {
    const context = await proofContext(browser, baseURL);
    try {
      const accessibility = watchAccessibility(context);
      const page = await context.newPage();
      await page.goto('/axe-proof/good');
      await page.goto('/axe-proof/bad');
      // Leaving the bad route checks it first: the navigation fails, naming the violations.
      await expect(page.goto('/axe-proof/good')).rejects.toThrow(
        /on \/axe-proof\/bad at \d+px \(before page\.goto\)[\s\S]*image-alt/,
      );
      // The end-of-test check looks at every open page, a second one included.
      const second = await context.newPage();
      await second.goto('/axe-proof/bad');
      await expect(accessibility.checkOpenPages('end of test')).rejects.toThrow(
        /end of test[\s\S]*button-name/,
      );
    } finally {
      await context.close();
    }
  });

  test("axe runs on the portal's pages under its Content-Security-Policy without a violation report", async ({
    page,
  }) => {
    const reports: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => reports.push(text));
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) => {
        window.reportViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline'));
      });`,
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: 'The Future is Smart' })).toBeVisible();

    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate('typeof window.axe')).toBe('object');
    expect(reports).toEqual([]);
  });
});
