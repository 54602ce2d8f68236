import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { readWorkbook } from './support/workbook';
import {
  choose,
  monthOf,
  openAs,
  PEOPLE,
  sessionToken,
  signInInstead,
  tableDate,
  TimesheetScreen,
  toast,
  firmToday,
} from './support/portal';
import { claimSuppliesWithReceipt } from './support/receipts';
import { VerifyPage } from './support/verify-review';

/**
 * The review loop end to end, as the three people in it see it (issue 8): Dana enters time and an
 * expense on ERP Rollout (project 18, Standard Month, owner 1) for today, verifies both, and is then
 * refused a change; Alice (admin) finds the period in the review, edits Dana's hours (Dana sees the
 * new figure), approves the expense she selects, approves everything, downloads the timesheet and
 * the expenses (files opened and read), then returns the period with a reason; Dana sees the
 * reason on her dashboard and in her e-mail, fixes the day and verifies again; Sofia (sightstream
 * admin, owner 2) can neither see nor touch Dana. No other browser test uses Dana on project 18.
 */

const DANA = 'Dana Developer';
const DANA_ID = 4;
const SOFIA = 'Sofia Supervisor';
const PROJECT = 'ERP Rollout';
const PROJECT_ID = 18;
const today = firmToday();
const month = monthOf(today);
const periodLabel = `${new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
  month: 'short',
  timeZone: 'UTC',
})} - ${month.slice(0, 4)}`;
const COMMENT = 'Loop: ERP requirements workshop';
const EDITED = 'Loop: ERP workshop, shortened by the admin';
const FIXED = 'Loop: ERP workshop and minutes';
const REASON = 'Split the workshop from the minutes, please.';

test.describe.configure({ mode: 'serial' });

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

const review = async (page: Page) => {
  await page.goto(`/admin/timesheets/review?employeeId=${DANA_ID}&projectId=${PROJECT_ID}&month=${month}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contractor Timesheet Review' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
};
const timeGrid = (page: Page) => page.getByRole('grid', { name: `Time of ${DANA}` });
const expenseGrid = (page: Page) => page.getByRole('grid', { name: `Expenses of ${DANA}` });
const dataRows = (grid: Locator) => grid.getByRole('row').filter({ has: grid.page().locator('time') });
/** Dana's time on the day the loop enters (she has seeded days on 18 besides it). */
const todayRow = (page: Page) =>
  dataRows(timeGrid(page)).filter({ has: page.locator(`time[datetime="${today}"]`) });
const danaSection = (page: Page) => page.getByRole('region', { name: DANA, exact: true });

test.describe('the review loop: enter, verify, review, approve, download, return, fix, verify again', () => {
  test('Dana enters time and an expense, verifies both, and a later change is refused', async ({ page }) => {
    await openAs(page, DANA, '/');
    const screen = new TimesheetScreen(page);
    await screen.open();
    await screen.chooseProject(PROJECT);
    await screen.clickDay(today);
    await screen.typeNumber(screen.hoursFor(today), '8');
    await screen.commentFor(today).fill(COMMENT);
    await screen.save();
    await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();

    // The expense and its receipt go in through the API (the expense screen has its own tests).
    await claimSuppliesWithReceipt(page, {
      token: await sessionToken(page),
      projectId: PROJECT_ID,
      currency: 'CAD',
      date: today,
      comment: 'Workshop flip charts',
      fileName: 'erp-workshop-supplies.pdf',
      lines: ['Office Depot', `Date: ${today}`, 'Total 42.50'],
    });

    const verify = new VerifyPage(page);
    await verify.open(periodLabel, PROJECT);
    await expect(verify.time.dayRows(today)).toContainText(COMMENT);
    await verify.button('Verify Timesheets').click();
    const question = page.getByRole('alertdialog', { name: 'Verify Timesheets' });
    await expect(question).toContainText(
      'Are you sure you want to submit all timesheets for the selected period?',
    );
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Selected expenses have been verified.')).toBeVisible();
    await verify.button('Verify Expenses').click();
    await page
      .getByRole('alertdialog', { name: 'Verify Expenses' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(verify.time.dayRows(today)).toContainText('Verified');
    await expect(verify.expenses.dayRows(today)).toContainText('Verified');

    // Later, on the timesheet screen, the verified day cannot be changed.
    await screen.open();
    await screen.filter(PROJECT, today, today);
    await screen
      .row(PROJECT, today)
      .getByRole('button', { name: `Edit ${PROJECT} on ${tableDate(today)}` })
      .click();
    await expect(toast(page, `${PROJECT} is not editable`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Edit Timesheet' })).toHaveCount(0);
  });

  test('Alice edits Dana’s hours; Dana sees the new figure in her own list', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await review(page);
    const row = todayRow(page);
    await expect(row).toContainText('Verified');
    await expect(row).toContainText(COMMENT);
    await row.getByRole('button', { name: /^Edit time on / }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Timesheet' });
    await dialog.getByRole('textbox', { name: 'Hours' }).fill('6.5');
    await dialog.getByRole('textbox', { name: 'Activity Comment' }).fill(EDITED);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Timesheet has been updated!')).toBeVisible();
    await expect(row).toContainText(EDITED);

    await signInInstead(page, DANA);
    const screen = new TimesheetScreen(page);
    await screen.open();
    await screen.filter(PROJECT, today, today);
    const own = screen.row(PROJECT, today);
    await expect(own).toContainText(EDITED);
    expect(await screen.cellText(own, 'Hours')).toBe('6.5');
    expect(await screen.cellText(own, 'Value')).toBe('1,300.00');
    await expect(screen.grid.getByText(COMMENT, { exact: true })).toHaveCount(0);
  });

  test('Alice approves the expense she selects, then everything, and downloads both files', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/');
    await review(page);
    const section = danaSection(page);
    const expense = dataRows(expenseGrid(page)).filter({ hasText: 'Workshop flip charts' });
    const time = todayRow(page);
    await expense.getByRole('checkbox').check({ force: true });
    await section.getByRole('button', { name: 'Approve selected expenses (1)' }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve selected expenses?' })
      .getByRole('button', { name: 'Yes, approve' })
      .click();
    await expect(toast(page, 'Expenses Approved Successfully')).toBeVisible();
    await expect(expense).toContainText('Approved');
    await expect(time).toContainText('Verified');

    await section.getByRole('button', { name: 'Approve all' }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve all?' })
      .getByRole('button', { name: 'Yes, approve' })
      .click();
    await expect(toast(page, 'Expenses Approved Successfully').last()).toBeVisible();
    await expect(time).toContainText('Approved');

    // Download Timesheets: the period's Client Timesheet, opened and read.
    await section.getByRole('button', { name: 'Download Timesheets' }).click();
    const timesheetDialog = page.getByRole('dialog', { name: 'Download Timesheet' });
    await choose(timesheetDialog, page, 'Period', periodLabel);
    const savingSheet = page.waitForEvent('download');
    await timesheetDialog.getByRole('button', { name: 'Download', exact: true }).click();
    const sheet = await savingSheet;
    expect(sheet.suggestedFilename()).toBe(`${DANA} - ${PROJECT} - ${month}.xlsx`);
    const timeRows = (await readWorkbook(await bytesOf(sheet), { datesAsText: true })).rows;
    expect(timeRows).toContainEqual(['Person', DANA, null, null]);
    expect(timeRows.find((row) => row[1] === EDITED)?.slice(2)).toEqual([6.5, 1300]);
    await timesheetDialog.getByRole('button', { name: 'Close' }).click();

    // Download All Expenses: the month's spreadsheet and the receipts zip.
    await section.getByRole('button', { name: 'Download All Expenses' }).click();
    const expensesDialog = page.getByRole('dialog', { name: 'Download All Expenses' });
    const downloads: Download[] = [];
    page.on('download', (file) => downloads.push(file));
    await expensesDialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(2);
    const spreadsheet = downloads.find((file) => file.suggestedFilename().endsWith('.xlsx'))!;
    const zip = downloads.find((file) => file.suggestedFilename().endsWith('.zip'))!;
    const expenseRows = (await readWorkbook(await bytesOf(spreadsheet), { datesAsText: true })).rows;
    // The spec's columns (Date, Project, Category, Currency, Claimed), then the receipt's own Amount
    // and the Claimed amount's currency.
    expect(expenseRows).toContainEqual([today, PROJECT, 'Supplies', 'CAD', 42.5, 42.5, 'CAD']);
    const zipBytes = await bytesOf(zip);
    expect(zipBytes.subarray(0, 2).toString()).toBe('PK');
    expect(zipBytes.includes(Buffer.from('erp-workshop-supplies.pdf'))).toBe(true);
  });

  test('Alice returns the period with a reason', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await review(page);
    await danaSection(page).getByRole('button', { name: 'Return…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return with a reason' });
    await choose(dialog, page, 'What to return', 'The whole period of the project');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Return…' }).click();
    await page
      .getByRole('alertdialog', { name: 'Return to the person?' })
      .getByRole('button', { name: 'Yes, return' })
      .click();
    await expect(toast(page, 'The period has been returned to the person.')).toBeVisible();
    await expect(todayRow(page)).toContainText('Returned');
    await expect(todayRow(page)).toContainText(REASON);

    // The e-mail to Dana, as the portal's outbox keeps it.
    await page.goto('/admin/outbox');
    const subject = `Returned for changes: ${PROJECT}, ${periodLabel}`;
    await page
      .getByRole('button', { name: `Show text of ${subject}` })
      .first()
      .click();
    await expect(page.getByText(`Reason: ${REASON}`).first()).toBeVisible();
  });

  test('Dana sees the reason, fixes the day and verifies again', async ({ page }) => {
    await openAs(page, DANA, '/home');
    const periods = page.getByRole('grid', { name: 'Your periods' });
    await expect(periods.getByRole('row').filter({ hasText: PROJECT })).toContainText(REASON);

    const screen = new TimesheetScreen(page);
    await screen.open();
    await screen.filter(PROJECT, today, today);
    await screen
      .row(PROJECT, today)
      .getByRole('button', { name: `Edit ${PROJECT} on ${tableDate(today)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Timesheet' });
    await dialog.getByRole('textbox', { name: 'Activity Comment' }).fill(FIXED);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Timesheet has been updated!')).toBeVisible();

    const verify = new VerifyPage(page);
    await verify.open(periodLabel, PROJECT);
    await expect(verify.time.dayRows(today)).toContainText(FIXED);
    await verify.button('Verify Timesheets').click();
    await page
      .getByRole('alertdialog', { name: 'Verify Timesheets' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(toast(page, 'Selected expenses have been verified.')).toBeVisible();
    await expect(verify.time.dayRows(today)).toContainText('Verified');
    await expect(verify.time.dayRows(today)).not.toContainText(REASON);
  });

  test('Sofia, a sightstream admin, can neither see nor touch Dana', async ({ page }) => {
    await openAs(page, SOFIA, `/admin/timesheets/review?month=${month}`);
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    await expect(page.getByText(DANA)).toHaveCount(0);

    const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
    const asked = await page.request.get(
      `/api/admin/review?start=${month}-01&end=${today}&employeeId=${DANA_ID}`,
      { headers },
    );
    expect(asked.status()).toBe(403);
    const approve = await page.request.post('/api/admin/review/approve', {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { employeeId: DANA_ID, projectId: PROJECT_ID, start: `${month}-01`, end: today },
    });
    // Commands answer a person outside the admin's scope as an unknown one.
    expect(approve.status()).toBe(404);
    const returned = await page.request.post('/api/admin/review/return', {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { employeeId: DANA_ID, projectId: PROJECT_ID, start: `${month}-01`, end: today, reason: 'No' },
    });
    expect(returned.status()).toBe(404);

    // Nothing changed: Dana's day is still verified, not approved or returned.
    await signInInstead(page, DANA);
    const verify = new VerifyPage(page);
    await verify.open(periodLabel, PROJECT);
    await expect(verify.time.dayRows(today)).toContainText('Verified');
  });
});
