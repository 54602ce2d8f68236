import type { Locator, Page } from '@playwright/test';
import { choose, fixedOffsetPeriod, PEOPLE, PROJECTS, firmToday, openAs } from './support/portal';
import { expect, test } from './support/test';
import { runNow } from './support/test-now';
import { actAsPowerBiConfigured, type EmbedAnswer } from './support/power-bi';

/**
 * Download Timesheet with and without Power BI. The portal under test runs without a workspace
 * (playwright.config.ts starts one portal), so the "off" test is the real server. For the "on"
 * tests the browser is given what a configured portal answers: `/api/reports/status` and
 * `/api/reports/embed` are intercepted, the page's CSP gets the `frame-src https://app.powerbi.com`
 * a configured portal sends (both proven against the real server with a Power BI double in
 * timesheet-reports.int-spec.ts), and app.powerbi.com is a stand-in page. The report itself never
 * loads (the stand-in does not speak powerbi-client's protocol), which is how the tests reach the
 * report's loading and error states.
 */

const WORKSPACE = 'f089354e-8366-4e18-aea3-4cb4a3a50b48';
const REPORT = '11111111-1111-4111-8111-111111111111';
const EMBED_URL = `https://app.powerbi.com/reportEmbed?reportId=${REPORT}&groupId=${WORKSPACE}`;
const period = fixedOffsetPeriod(firmToday());
const FILE = `${PEOPLE.carlos} - ${PROJECTS[12]} - ${period.key}.xlsx`;
const REPORT_TITLE = `Client Timesheet, ${PROJECTS[12]}, ${period.label}`;

async function openDialog(page: Page): Promise<Locator> {
  const status = page.waitForResponse('**/api/reports/status');
  await page.goto('/timesheets/create');
  await status;
  await page.getByRole('button', { name: 'Download Timesheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download Timesheet' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseCarlosPeriod(page: Page, dialog: Locator): Promise<void> {
  await choose(dialog, page, 'Project', PROJECTS[12]);
  await choose(dialog, page, 'Period', period.label);
}

async function saveFile(page: Page, button: Locator): Promise<string> {
  const saving = page.waitForEvent('download');
  await button.click();
  return (await saving).suggestedFilename();
}

/** The browser sees a configured portal on the timesheet screen (status on, app.powerbi.com framed). */
const actAsConfigured = (page: Page, embed: EmbedAnswer) =>
  actAsPowerBiConfigured(page, '/timesheets/create', embed);

const embedAnswer = () => ({
  status: 200,
  json: {
    reportId: REPORT,
    embedUrl: EMBED_URL,
    accessToken: 'embed-token-for-carlos',
    // An hour after the run's "now" (the browser's clock), not the machine's: at a pinned instant
    // later than today an hour from the real time is already past, and the dialog asks again.
    expiresAt: new Date(runNow().getTime() + 60 * 60_000).toISOString(),
    filters: [
      {
        $schema: 'http://powerbi.com/product/schema#basic',
        target: { table: 'Timesheets', column: 'ProjectId' },
        filterType: 1,
        operator: 'In',
        values: [12],
      },
    ],
  },
});

test.describe('Download Timesheet and Power BI', () => {
  test('without Power BI the dialog is the file: Download saves the portal’s .xlsx, no report', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/');
    const dialog = await openDialog(page);
    await expect(dialog.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Show report' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Download .xlsx' })).toHaveCount(0);
    await chooseCarlosPeriod(page, dialog);
    expect(await saveFile(page, dialog.getByRole('button', { name: 'Download', exact: true }))).toBe(FILE);
    await expect(dialog.getByRole('status')).toHaveText(`Downloaded ${FILE}.`);
    await expect(dialog.getByRole('region')).toHaveCount(0);
  });

  test('with Power BI, Show report embeds the selection’s report; Download .xlsx stays; a stuck report offers a way out', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/');
    const asked = await actAsConfigured(page, embedAnswer);
    // powerbi-client must work under the configured policy (no inline style, no eval).
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`,
    });
    const dialog = await openDialog(page);
    const show = dialog.getByRole('button', { name: 'Show report' });

    // Missing fields are flagged beside them, and nothing is asked of the server.
    await show.click();
    await expect(dialog.getByText('Date is Required')).toBeVisible();
    await expect(dialog.getByText('Project is Required')).toBeVisible();
    expect(asked).toEqual([]);

    await chooseCarlosPeriod(page, dialog);
    await show.click();
    const report = dialog.getByRole('region', { name: REPORT_TITLE });
    await expect(report).toBeVisible();
    expect(asked).toEqual([
      { projectId: 12, start: period.start, end: period.end, type: 'Client Timesheet' },
    ]);
    const frame = report.locator('iframe');
    await expect(frame).toHaveAttribute('title', REPORT_TITLE);
    await expect(frame).toHaveAttribute('src', new RegExp(`^${EMBED_URL.replace(/[?.]/g, '\\$&')}`));
    await expect(report.getByRole('status')).toHaveText('Loading the report…');
    // The configured policy lets the frame load (the stand-in page shows in it).
    await expect(report.frameLocator('iframe').getByText('Report', { exact: true })).toBeVisible();

    // The file is still there beside the report.
    expect(await saveFile(page, dialog.getByRole('button', { name: 'Download .xlsx' }))).toBe(FILE);

    // A report that never says it loaded turns into an error with Try again and the file.
    await page.clock.fastForward(31_000);
    const failure = report.getByRole('alert');
    await expect(failure).toHaveText(
      /The report could not be shown\. Try again, or download the \.xlsx instead\./,
    );
    expect(await saveFile(page, failure.getByRole('button', { name: 'Download .xlsx' }))).toBe(FILE);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(report.getByRole('status')).toHaveText('Loading the report…');
    await expect(report.locator('iframe')).toHaveAttribute('title', REPORT_TITLE);

    // Another choice hides the report of the old one.
    await choose(dialog, page, 'Type', 'Internal Timesheet (Non-billable)');
    await expect(report).toHaveCount(0);
    expect(
      await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });

  test('with Power BI, an embed the server cannot give leaves the file as the answer', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
    const message =
      'The Power BI report could not be opened just now. Download the .xlsx instead, or try again.';
    await actAsConfigured(page, () => ({
      status: 503,
      json: { statusCode: 503, error: 'Service Unavailable', message, problems: [] },
    }));
    const dialog = await openDialog(page);
    await chooseCarlosPeriod(page, dialog);
    await dialog.getByRole('button', { name: 'Show report' }).click();
    await expect(page.getByRole('alertdialog', { name: message, exact: true })).toBeVisible();
    await expect(dialog.getByRole('region')).toHaveCount(0);
    expect(await saveFile(page, dialog.getByRole('button', { name: 'Download .xlsx' }))).toBe(FILE);
  });
});
