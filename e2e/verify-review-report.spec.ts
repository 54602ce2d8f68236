import type { Page } from '@playwright/test';
import { addDays, monthOf, signInAs, todayUtc } from './support/portal';
import { expect, test } from './support/test';
import { VerifyPage } from './support/verify-review';

/**
 * The verify page's Review report (admin spec §2: "a Review link to an external report"), as Sam
 * Sightstream on project 21 in the previous month (read only here: nothing is verified or
 * changed). The portal under test runs without Power BI, so "off" is the real server; for "on"
 * the browser is given what a configured portal answers, as in report-embed.spec.ts:
 * `/api/reports/status` and `/api/reports/embed` intercepted, the CSP's `frame-src` with
 * app.powerbi.com, and app.powerbi.com a stand-in page.
 */

const SAM = 'Sam Sightstream';
const PROJECT = 'Broadcast Platform';
const PROJECT_ID = 21;
const REPORT = '22222222-2222-4222-8222-222222222222';
const EMBED_URL = `https://app.powerbi.com/reportEmbed?reportId=${REPORT}&groupId=f089354e-8366-4e18-aea3-4cb4a3a50b48`;

const month = monthOf(todayUtc(), -1);
const monthStart = `${month}-01`;
const monthEnd = addDays(`${monthOf(todayUtc())}-01`, -1);

/** 'Oct - 2026', the spec's period label. */
function periodLabel(of: string): string {
  const name = new Date(`${of}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${name} - ${of.slice(0, 4)}`;
}

/** Opens /verify-review and waits until the page knows whether Power BI is on. */
async function openPage(page: Page): Promise<VerifyPage> {
  const verify = new VerifyPage(page);
  const status = page.waitForResponse('**/api/reports/status');
  await verify.time.open();
  await status;
  return verify;
}

/** The browser sees a configured portal; returns the embed requests the page makes. */
async function actAsConfigured(page: Page): Promise<unknown[]> {
  const asked: unknown[] = [];
  await page.route('**/api/reports/status', (route) => route.fulfill({ json: { powerBi: true } }));
  await page.route('**/api/reports/embed', (route) => {
    asked.push(route.request().postDataJSON());
    return route.fulfill({
      json: {
        reportId: REPORT,
        embedUrl: EMBED_URL,
        accessToken: 'embed-token-for-sam',
        expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
        filters: [],
      },
    });
  });
  await page.route(
    (url) => url.pathname === '/verify-review',
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      headers['content-security-policy'] = headers['content-security-policy'].replace(
        'frame-src blob:',
        'frame-src https://app.powerbi.com blob:',
      );
      return route.fulfill({ response, headers });
    },
  );
  await page.route('https://app.powerbi.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Power BI</title></head><body><p>Report</p></body></html>',
    }),
  );
  return asked;
}

test.describe('Verify Timesheet & Expense: Review report', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, SAM);
  });

  test('without Power BI there is no report to link to: no Review report button', async ({ page }) => {
    const verify = new VerifyPage(page);
    const status = page.waitForResponse('**/api/reports/status');
    await verify.open(periodLabel(month), PROJECT);
    expect(await (await status).json()).toEqual({ powerBi: false });
    const actions = verify.selection.getByRole('group', { name: 'Actions' });
    await expect(actions.getByRole('button', { name: 'Verification Invoice' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Review report' })).toHaveCount(0);
  });

  test('with Power BI, Review report needs a project, then shows the Client Timesheet of the project and period', async ({
    page,
  }) => {
    const asked = await actAsConfigured(page);
    const verify = await openPage(page);
    const button = verify.button('Review report');

    // No project yet: the page's rule beside the field, no dialog, nothing asked.
    await button.click();
    await expect(verify.selection.getByText('Project is required.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Review report' })).toHaveCount(0);
    expect(asked).toEqual([]);

    await verify.open(periodLabel(month), PROJECT);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Review report' });
    await expect(dialog).toBeVisible();
    const report = dialog.getByRole('region', { name: new RegExp(`^Client Timesheet, ${PROJECT}, `) });
    await expect(report).toBeVisible();
    expect(asked).toEqual([
      { type: 'Client Timesheet', projectId: PROJECT_ID, start: monthStart, end: monthEnd },
    ]);
    const frame = report.locator('iframe');
    await expect(frame).toHaveAttribute('src', new RegExp(`^${EMBED_URL.replace(/[?.]/g, '\\$&')}`));
    await expect(report.frameLocator('iframe').getByText('Report', { exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
