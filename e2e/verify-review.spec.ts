import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expect, expectNoAxeViolations, test } from './support/test';
import { watchCspViolations } from './support/csp';
import {
  addDays,
  calendarDayName,
  choose,
  monthOf,
  mondayOf,
  tableDate,
  TimesheetScreen,
  firmToday,
  toast,
  openAs,
} from './support/portal';
import { claimSuppliesWithReceipt } from './support/receipts';
import { periodLabel, VerifyPage } from './support/verify-review';

/**
 * /verify-review (Verify Timesheet & Expense) as Sam Sightstream (staff 5, owner 2), on project 21
 * Broadcast Platform, which no other browser test touches. The demo seed enters his 8 hours on 21
 * every weekday up to last week's Friday; the tests use the previous month, which is always a
 * whole month of seeded weeks whatever the pinned day. The tests run in order: time is verified
 * first, then expenses, then the invoice is read.
 */

const SAM = 'Sam Sightstream';
const SAM_ID = 5;
const PROJECT = 'Broadcast Platform';
const PROJECT_ID = 21;

const today = firmToday();
const month = monthOf(today, -1);
const monthEnd = addDays(`${monthOf(today)}-01`, -1);
/** Sam's seeded days on 21 in the month: Monday to Friday before this week's Monday. */
const seededDays: string[] = [];
for (let day = `${month}-01`; day <= monthEnd; day = addDays(day, 1)) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday >= 1 && weekday <= 5 && day < mondayOf(today)) seededDays.push(day);
}
const edited = seededDays[0]!;
/** The month's first Saturday: no time on it. */
const saturday = [0, 1, 2, 3, 4, 5, 6]
  .map((i) => addDays(`${month}-01`, i))
  .find((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 6)!;
const receiptDay = `${month}-10`;
const invoiceNumber = `INV-${SAM_ID}-${month.replace('-', '')}`;

/** The page on the month and project of these tests. */
async function openVerify(verify: VerifyPage): Promise<void> {
  await verify.open(periodLabel(month), PROJECT);
}

async function savedFile(download: Promise<Download>): Promise<{ name: string; bytes: Buffer }> {
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test.describe.serial('Verify Timesheet & Expense as Sam', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, SAM, '/');
  });

  test('he sees his own name, needs a project, edits a day, verifies his time; the day is then locked everywhere', async ({
    page,
  }) => {
    const verify = new VerifyPage(page);
    await verify.time.open();
    const employee = verify.selection.getByRole('textbox', { name: 'Employee' });
    await expect(employee).toHaveValue(SAM);
    await expect(employee).toBeDisabled();
    // The periods: his latest entry month and the two before it.
    await verify.selection.getByRole('button', { name: 'Period' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(3);
    await expect(page.getByRole('option', { name: periodLabel(month), exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await verify.button('Verify Timesheets').click();
    await expect(verify.selection.getByText('Project is required.')).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: 'Verify Timesheets' })).toHaveCount(0);

    await openVerify(verify);
    await expect(verify.selection.getByText('Project is required.')).toHaveCount(0);
    const { time } = verify;
    await expect(time.dataRows()).toHaveCount(seededDays.length);
    const days = seededDays.length;
    await time.expectTotals(days * 8_00, days * 1_600_00);
    await expect(time.dayRows(edited)).toContainText('Entered');

    // Edit the first day: 7 hours instead of 8 (a day before this week asks first).
    await time
      .dayRows(edited)
      .getByRole('button', { name: `Edit time on ${tableDate(edited)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Timesheet' });
    await time.typeNumber(dialog.getByRole('textbox', { name: 'Hours', exact: true }), '7');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('alertdialog', { name: 'The selected date is not within the current week.' })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await expect(toast(page, 'Timesheet has been updated!')).toBeVisible();
    await time.expectTotals(days * 8_00 - 1_00, days * 1_600_00 - 200_00);
    expect(await time.cellText(time.dayRows(edited), 'Value')).toBe('1,400.00');
    const expensesSection = page.getByRole('region', { name: 'Expenses' });
    await expect(expensesSection.getByText('Timesheet value')).toBeVisible();

    // Verify Timesheets, after the spec's question.
    await verify.button('Verify Timesheets').click();
    const question = page.getByRole('alertdialog', { name: 'Verify Timesheets' });
    await expect(question).toContainText(
      'Are you sure you want to submit all timesheets for the selected period?',
    );
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Selected expenses have been verified.')).toBeVisible();
    // Checked right after the transition too: the pending Yes button, gone with its dialog, leaves
    // nothing labelled by an element that is not there (axe role-img-alt).
    await expectNoAxeViolations(page, 'just after Verify Timesheets');
    await expect(time.dayRows(edited)).toContainText('Verified');
    for (const day of seededDays) await expect(time.dayRows(day)).toContainText('Verified');
    await expect(time.grid.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(verify.button('Timesheets verified')).toBeDisabled();

    // The timesheet screen: the verified day cannot be changed, nor time added in that month.
    const screen = new TimesheetScreen(page);
    await screen.open();
    await screen.filter(PROJECT, edited, edited);
    await screen
      .row(PROJECT, edited)
      .getByRole('button', { name: `Edit ${PROJECT} on ${tableDate(edited)}` })
      .click();
    await expect(toast(page, `${PROJECT} is not editable`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Edit Timesheet' })).toHaveCount(0);

    await screen.chooseProject(PROJECT);
    await screen.clickDay(saturday);
    await screen.typeNumber(screen.hoursFor(saturday), '8');
    await screen.commentFor(saturday).fill('Weekend playout check');
    await screen.save();
    await page
      .getByRole('alertdialog', { name: 'The selected date is not within the current week.' })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await expect(toast(page, `${PROJECT} is not editable`).last()).toBeVisible();
    await expect(toast(page, 'Timesheet has been saved!')).toHaveCount(0);
  });

  test('an expense with its receipt: edited, shown inline, zipped, then verified and locked', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);

    // Sam claims supplies with a receipt (through the API: the expense screen has its own tests).
    const signIn = await page.request.post('/api/auth/dev/sign-in', { data: { staffId: SAM_ID } });
    await claimSuppliesWithReceipt(page, {
      token: ((await signIn.json()) as { token: string }).token,
      projectId: PROJECT_ID,
      currency: 'GBP',
      date: receiptDay,
      comment: 'Studio cables',
      fileName: 'studio-cables.pdf',
      lines: ['Studio Supply Co', `Date: ${receiptDay}`, 'Total 42.50'],
    });

    const verify = new VerifyPage(page);
    await openVerify(verify);
    const { expenses } = verify;
    const row = expenses.dayRows(receiptDay).filter({ hasText: 'Studio cables' });
    await expect(row).toContainText('Entered');
    expect(await expenses.cellText(row, 'Claimed')).toBe('42.50 GBP');

    await row.getByRole('button', { name: `Edit expense Supplies on ${tableDate(receiptDay)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Expense' });
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Studio cables and adapters');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Expense has been updated!')).toBeVisible();
    const editedRow = expenses.dayRows(receiptDay).filter({ hasText: 'Studio cables and adapters' });
    await expect(editedRow).toBeVisible();

    // Show Files: the receipt on the page; Hide Files puts it away.
    await verify.button('Show Files').click();
    const files = page.getByRole('region', { name: 'Files' });
    const frame = files.locator('iframe');
    await expect(frame).toHaveAttribute('title', new RegExp(`^Receipt studio-cables\\.pdf, Supplies on `));
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await verify.button('Hide Files').click();
    await expect(files).toHaveCount(0);

    // Download Attachments: the month's receipts as a zip, with its progress.
    const zip = savedFile(page.waitForEvent('download', (d) => d.suggestedFilename().endsWith('.zip')));
    await verify.button('Download Attachments').click();
    const { bytes } = await zip;
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('studio-cables'))).toBe(true);
    await expect(
      verify.selection.getByRole('progressbar', { name: 'Receipts zip progress' }),
    ).toHaveAttribute('aria-valuetext', 'Done');

    // Verify Expenses, after its question.
    await verify.button('Verify Expenses').click();
    const question = page.getByRole('alertdialog', { name: 'Verify Expenses' });
    await expect(question).toContainText(
      'Are you sure you want to submit all expenses for the selected period?',
    );
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Selected expenses have been verified.')).toBeVisible();
    await expect(editedRow).toContainText('Verified');
    await expect(expenses.grid.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(verify.button('Expenses verified')).toBeDisabled();

    // The expense screen refuses to change it.
    await page.goto('/expenses/create');
    const saved = page.getByRole('region', { name: 'Saved Expenses' });
    const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await choose(saved, page, 'Period', monthName);
    await choose(saved, page, 'Filter by project', PROJECT);
    await saved
      .getByRole('button', { name: `Edit expense from ${PROJECT} on ${tableDate(receiptDay)}` })
      .click();
    await expect(toast(page, `${PROJECT} is not editable`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Edit Expense' })).toHaveCount(0);
    expect(violations).toEqual([]);
  });

  test('the verification invoice names its number, project and due date, and its PDF downloads', async ({
    page,
  }) => {
    const verify = new VerifyPage(page);
    await openVerify(verify);
    const pageTotal = await page
      .getByRole('region', { name: 'Expenses' })
      .locator('.expense-totals__total dd')
      .innerText();

    await verify.button('Verification Invoice').click();
    const dialog = page.getByRole('dialog', { name: 'Verification Invoice' });
    await expect(dialog).toContainText(invoiceNumber);
    await expect(dialog).toContainText(PROJECT);
    await expect(dialog).toContainText(SAM);
    await expect(dialog).toContainText('Sightstream Studio Services Ltd');
    const due = `${monthOf(today)}-25`;
    await expect(dialog.locator(`time[datetime="${due}"]`)).toHaveText(calendarDayName(due));
    await expect(dialog.getByRole('table', { name: 'Hours' }).getByRole('row')).toHaveCount(
      seededDays.length + 2,
    );
    await expect(dialog.getByRole('table', { name: 'Expenses' })).toContainText(
      'Supplies: Studio cables and adapters',
    );
    // The invoice's contractor total is the page's.
    await expect(dialog.locator('.expense-totals__total dd')).toHaveText(pageTotal);

    const pdf = savedFile(page.waitForEvent('download', (d) => d.suggestedFilename().endsWith('.pdf')));
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const { name, bytes } = await pdf;
    expect(name).toBe(`${invoiceNumber}.pdf`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes), verbosity: 0 });
    try {
      const { text } = await parser.getText();
      expect(text).toContain(`Invoice ${invoiceNumber}`);
      expect(text).toContain(PROJECT);
      expect(text).toContain(calendarDayName(due));
      expect(text).toContain(pageTotal);
    } finally {
      await parser.destroy();
    }
  });
});
