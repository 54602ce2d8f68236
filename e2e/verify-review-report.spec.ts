import type { Page } from '@playwright/test';
import { addDays, monthOf, firmToday, openAs } from './support/portal';
import { expect, test } from './support/test';
import { runNow } from './support/test-now';
import { actAsPowerBiConfigured } from './support/power-bi';
import { periodLabel, VerifyPage } from './support/verify-review';

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

const month = monthOf(firmToday(), -1);
const monthStart = `${month}-01`;
const monthEnd = addDays(`${monthOf(firmToday())}-01`, -1);

/** Opens /verify-review and waits until the page knows whether Power BI is on. */
async function openPage(page: Page): Promise<VerifyPage> {
  const verify = new VerifyPage(page);
  const status = page.waitForResponse('**/api/reports/status');
  await verify.time.open();
  await status;
  return verify;
}

/** What a configured portal answers to the embed request (the report never loads: a stand-in). */
const embedAnswer = () => ({
  status: 200,
  json: {
    reportId: REPORT,
    embedUrl: EMBED_URL,
    accessToken: 'embed-token-for-sam',
    // An hour after the run's "now" (the browser's clock), not the machine's: at a pinned instant
    // later than today an hour from the real time is already past, and the dialog asks again.
    expiresAt: new Date(runNow().getTime() + 60 * 60_000).toISOString(),
    filters: [],
  },
});

test.describe('Verify Timesheet & Expense: Review report', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, SAM, '/');
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
    const asked = await actAsPowerBiConfigured(page, '/verify-review', embedAnswer);
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
