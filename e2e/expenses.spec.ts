import { readFile } from 'node:fs/promises';
import { chromiumArgs, chromiumExecutable } from './support/chromium';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';
import {
  addDays,
  choose,
  clickCalendarDay,
  ExpenseFormScreen,
  hundredths,
  monthOf,
  PEOPLE,
  PROJECTS,
  tableDate,
  firmToday,
  toast,
} from './support/portal';
import { receiptPdf } from './support/receipts';

/**
 * Expenses in the browser, against the built portal with its demo data. Every test uses its own
 * project or comment so the tests stay independent while sharing one server: Carlos's meal on
 * project 14, his hotel per diem on 12, his parking (edit) and supplies (delete) on 33; Rita
 * (NeedReceipt) zips her receipts of project 36.
 */

const RITA = 'Rita Receipts';
const SYDNEY = 'Sydney Office Setup';

const today = firmToday();
const month = monthOf(today);
const monthStart = `${month}-01`;
const monthEnd = addDays(`${monthOf(today, 1)}-01`, -1);
/** A day of this month other than today when possible, so a prefilled date is visibly the receipt's. */
const receiptDay = today === monthStart ? addDays(monthStart, 1) : monthStart;

// Chromium's fake camera (a moving test pattern) stands in for a phone's camera in this file.
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumExecutable,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

/** The expense screen: entry form and saved list. */
class ExpenseScreen extends ExpenseFormScreen {
  async uploadReceipt(name: string, lines: readonly string[]): Promise<void> {
    await this.entry
      .getByLabel(/^Receipt \(PDF or photo\)/)
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: receiptPdf(lines) });
    await expect(this.entry.getByText(`Receipt ${name}`)).toBeVisible();
  }

  async submit(): Promise<void> {
    await this.entry.getByRole('button', { name: 'Submit', exact: true }).click();
  }

  async filterProject(project: string): Promise<void> {
    await choose(this.saved, this.page, 'Filter by project', project);
    await expect(this.saved.getByRole('button', { name: 'Filter by project' })).toContainText(project);
    await this.settled();
  }

  override row(project: string, date: string, text?: string): Locator {
    const rows = super.row(project, date);
    return text ? rows.filter({ hasText: text }) : rows;
  }

  /** Adds an expense of a type without receipt rules (Parking, Supplies...) dated `date`. */
  async addSimple(
    type: string,
    project: string,
    currency: string,
    amount: string,
    date: string,
    comment: string,
  ) {
    await this.choose('Expense Type', type);
    await this.choose('Project', project);
    await this.choose('Receipt Currency', currency);
    await this.typeNumber(this.field('Amount'), amount);
    await this.field('Date').fill(date);
    await this.entry.getByRole('textbox', { name: 'Comments' }).fill(comment);
    await this.submit();
    await expect(toast(this.page, 'Expense has been saved.')).toBeVisible();
  }
}

test.describe('expenses as Carlos', () => {
  test('a meal with a PDF receipt: total and date are read from it, saved and listed', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    const project = PROJECTS[14];
    await screen.openAs(PEOPLE.carlos);

    // Nothing can be sent before the type of expense is chosen.
    await expect(screen.entry.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
    await screen.choose('Expense Type', 'Meals');
    await expect(screen.entry.getByRole('button', { name: 'Submit', exact: true })).toBeEnabled();
    await screen.choose('Project', project);
    await screen.choose('Receipt Currency', 'USD');

    // A meal needs a receipt.
    await screen.entry.getByRole('textbox', { name: 'Comments' }).fill('Team lunch with the signalling crew');
    await screen.submit();
    await expect(screen.entry.getByText('A receipt is required for this type of expense.')).toBeVisible();
    await expect(screen.entry.getByText('Amount is required.')).toBeVisible();

    // Checked in the browser before anything is sent.
    await screen.entry.getByLabel(/^Receipt \(PDF or photo\)/).setInputFiles({
      name: 'lunch-receipt.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Total 23.45'),
    });
    await expect(
      screen.entry.getByText('Only a PDF or a photo (JPEG, PNG or HEIC) can be uploaded.'),
    ).toBeVisible();

    await screen.uploadReceipt('lunch-receipt.pdf', [
      'Corner Diner',
      `Date: ${receiptDay}`,
      'Club sandwich 15.00',
      'Subtotal 20.75',
      'Tax 2.70',
      'Total 23.45',
    ]);
    await expect(screen.field('Amount')).toHaveValue('23.45');
    await expect(screen.field('Date')).toHaveValue(receiptDay);
    await expect(
      screen.entry.getByText(`Read from the receipt: total 23.45 and date ${receiptDay}`),
    ).toBeVisible();

    await screen.submit();
    await expect(toast(page, 'Expense has been saved.')).toBeVisible();
    // The form starts over.
    await expect(screen.field('Amount')).toHaveValue('');
    await expect(screen.entry.getByRole('textbox', { name: 'Comments' })).toHaveValue('');
    await expect(screen.entry.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();

    await screen.filterProject(project);
    const row = screen.row(project, receiptDay, 'Team lunch with the signalling crew');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(tableDate(receiptDay));
    expect(await screen.cellText(row, 'Expense Type')).toBe('Meals');
    expect(await screen.cellText(row, 'Currency')).toContain('USD');
    expect(hundredths(await screen.cellText(row, 'Claimed'))).toBe(23_45);

    // The attachment downloads with the bearer token, under its own name.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download receipt lunch-receipt.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('lunch-receipt.pdf');
    expect((await readFile(await file.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a hotel per diem over three dates makes one row per date', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    const project = PROJECTS[12];
    const dates = [0, 1, 2].map((i) => addDays(monthStart, i));
    await screen.openAs(PEOPLE.carlos);

    await screen.choose('Expense Type', 'Hotel');
    await expect(screen.entry.getByText('Check-In Date')).toBeVisible();
    await screen.choose('Project', project);
    await screen.choose('Receipt Currency', 'CAD');
    await expect(screen.entry.getByRole('button', { name: 'Claim' })).toContainText('Per diem');
    await screen.typeNumber(screen.field('Amount per date'), '96');
    for (const date of dates) await clickCalendarDay(screen.entry, date);
    await expect(screen.entry.getByText(`3 dates chosen: ${dates.join(', ')}`)).toBeVisible();
    await screen.entry.getByRole('textbox', { name: 'Comments' }).fill('Per diem during the pipeline survey');
    await screen.submit();
    await expect(toast(page, 'Expense has been saved.')).toBeVisible();

    await screen.filterProject(project);
    for (const date of dates) {
      const row = screen.row(project, date, 'Per diem during the pipeline survey');
      await expect(row).toHaveCount(1);
      expect(await screen.cellText(row, 'Expense Type')).toBe('Hotel');
      expect(hundredths(await screen.cellText(row, 'Claimed'))).toBe(96_00);
    }
  });

  test('accommodation needs an amount for every date', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    const project = PROJECTS[12];
    const dates = [3, 4].map((i) => addDays(monthStart, i));
    await screen.openAs(PEOPLE.carlos);

    await screen.choose('Expense Type', 'Hotel');
    await screen.choose('Project', project);
    await screen.choose('Receipt Currency', 'CAD');
    await screen.choose('Claim', 'Accommodation (an amount per date)');
    for (const date of dates) await clickCalendarDay(screen.entry, date);
    await screen.typeNumber(screen.field(`Amount for ${dates[0]}`), '120.5');
    await screen.entry
      .getByRole('textbox', { name: 'Comments' })
      .fill('Hotel nights near the compressor station');
    await screen.submit();
    await expect(toast(page, 'Please enter all the amounts.')).toBeVisible();
    // Nothing was sent: the form keeps what was entered (a save would start it over).
    await expect(screen.field(`Amount for ${dates[0]}`)).toHaveValue('120.5');
    await expect(toast(page, 'Expense has been saved.')).toHaveCount(0);

    await screen.typeNumber(screen.field(`Amount for ${dates[1]}`), '99.99');
    await screen.submit();
    await expect(toast(page, 'Expense has been saved.')).toBeVisible();

    await screen.filterProject(project);
    const first = screen.row(project, dates[0] ?? '', 'compressor station');
    const second = screen.row(project, dates[1] ?? '', 'compressor station');
    expect(hundredths(await screen.cellText(first, 'Claimed'))).toBe(120_50);
    expect(hundredths(await screen.cellText(second, 'Claimed'))).toBe(99_99);
  });

  test('an expense is edited in the Edit Expense modal', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    const project = PROJECTS[33];
    await screen.openAs(PEOPLE.carlos);

    await screen.choose('Project', project);
    await expect(screen.entry.getByRole('complementary', { name: 'Project notice' })).toContainText(
      '$96 a night',
    );
    await screen.addSimple('Parking', project, 'CAD', '12.5', today, 'Parking at the relocation office');

    await screen.filterProject(project);
    const row = screen.row(project, today, 'Parking at the relocation office');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Edit expense from ${project} on ${tableDate(today)}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit Expense' });
    await expect(dialog.getByRole('textbox', { name: 'Date of Expense' })).toHaveValue(today);
    await expect(dialog.getByRole('checkbox', { name: 'Not Billable' })).not.toBeChecked();
    await expect(dialog.getByText('Currency rate')).toBeVisible();
    const amount = dialog.getByRole('textbox', { name: 'Amount (CAD)' });
    await expect(amount).toHaveValue('12.5');
    await amount.fill('20.25');
    await amount.blur();
    await expect(dialog.getByText('Expense Claimed')).toBeVisible();
    await expect(dialog.locator('dd').filter({ hasText: '20.25' })).toBeVisible();

    const comments = dialog.getByRole('textbox', { name: 'Comments' });
    await comments.fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Comments are required.')).toBeVisible();
    await comments.fill('Parking at the relocation office, two days');
    await dialog.getByText('Not Billable', { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Not Billable' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Expense has been updated!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const edited = screen.row(project, today, 'Parking at the relocation office, two days');
    await expect(edited).toHaveCount(1);
    expect(hundredths(await screen.cellText(edited, 'Claimed'))).toBe(20_25);
  });

  test('an expense is deleted after the confirmation', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    const project = PROJECTS[33];
    await screen.openAs(PEOPLE.carlos);
    await screen.addSimple('Supplies', project, 'CAD', '7.8', today, 'Printer paper for the site office');

    await screen.filterProject(project);
    const row = screen.row(project, today, 'Printer paper for the site office');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Delete expense from ${project} on ${tableDate(today)}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete expense' });
    await expect(question).toContainText(
      `Are you sure you want to delete expense from ${project} on ${tableDate(today)}.`,
    );
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'The expense has been deleted successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the list filters by month and project, sorts, and shows the totals', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    await screen.openAs(PEOPLE.carlos);
    const lastMonth = new Date(`${monthOf(today, -1)}-01T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    // The periods are this month and the six before it.
    await screen.saved.getByRole('button', { name: 'Period' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(7);
    await page.keyboard.press('Escape');
    await choose(screen.saved, page, 'Period', lastMonth);
    await screen.settled();

    // Carlos's demo history of last month: parking on project 14 (USD) and mileage on 12 (CAD).
    const parking = screen.grid.getByRole('row').filter({ hasText: 'Parking at the depot' });
    const mileage = screen.grid.getByRole('row').filter({ hasText: 'Drive to the pumping station' });
    await expect(parking).toHaveCount(1);
    await expect(mileage).toHaveCount(1);
    expect(hundredths(await screen.cellText(parking, 'Claimed'))).toBe(18_50);
    const mileageClaimed = hundredths(await screen.cellText(mileage, 'Claimed'));
    expect(mileageClaimed).toBeGreaterThan(0);

    const comments = () =>
      screen.grid
        .getByRole('row')
        .filter({ hasText: /Parking at the depot|Drive to the pumping station/ })
        .evaluateAll((rows) => rows.map((r) => (r.textContent?.includes('Parking') ? 'parking' : 'mileage')));
    const claimedHeader = screen.grid.getByRole('columnheader', { name: 'Claimed' });
    await claimedHeader.click();
    await expect(claimedHeader).toHaveAttribute('aria-sort', 'ascending');
    const ascending = mileageClaimed > 18_50 ? ['parking', 'mileage'] : ['mileage', 'parking'];
    await expect.poll(comments).toEqual(ascending);
    await claimedHeader.click();
    await expect(claimedHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(comments).toEqual([...ascending].reverse());

    // Totals come from the API: the footer's Claimed, and the contractor's total.
    const totals = page.getByRole('definition');
    const figures = async () => {
      const texts = await screen.saved.locator('.expense-totals dd').allInnerTexts();
      return texts.map(hundredths);
    };
    await expect(totals.first()).toBeVisible();
    const [timesheetValue = 0, expensesClaimed = 0, total = 0] = await figures();
    expect(expensesClaimed).toBeGreaterThanOrEqual(18_50 + mileageClaimed);
    expect(total).toBe(timesheetValue + expensesClaimed);

    await screen.filterProject(PROJECTS[14]);
    await expect(mileage).toHaveCount(0);
    await expect(parking).toHaveCount(1);
    const footer = screen.grid.getByRole('row').filter({ hasText: /^Total/ });
    expect(hundredths(await screen.cellText(footer, 'Claimed'))).toBe(18_50);
  });

  test('Export downloads the listed month as Expenses-{start}-{end}.xlsx', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    await screen.openAs(PEOPLE.carlos);
    await screen.settled();
    const download = page.waitForEvent('download');
    await screen.saved.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Expenses-${monthStart}-${monthEnd}.xlsx`);
    // An .xlsx is a zip archive.
    expect((await readFile(await file.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

test.describe('a receipt photographed with the camera', () => {
  test('Start camera, Take photo, Retake, Cancel; the photo becomes a PDF receipt', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    const project = PROJECTS[14];
    await screen.openAs(PEOPLE.carlos);
    await screen.choose('Expense Type', 'Parking');
    const camera = screen.entry.getByRole('group', { name: 'Camera' });

    await camera.getByRole('button', { name: 'Start camera' }).click();
    await expect(camera.getByLabel('Camera preview')).toBeVisible();
    await expect(camera.getByRole('button', { name: 'Take photo' })).toBeEnabled();
    await camera.getByRole('button', { name: 'Cancel' }).click();
    await expect(camera.getByRole('button', { name: 'Start camera' })).toBeVisible();
    await expect(camera.getByLabel('Camera preview')).toHaveCount(0);

    await camera.getByRole('button', { name: 'Start camera' }).click();
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(camera.getByRole('img', { name: 'The receipt photo' })).toBeVisible();
    await expect(screen.entry.getByText(/^Receipt receipt-photo-\d{8}T\d{6}\.pdf/)).toBeVisible();
    // A photo is read by OCR; a test pattern holds no receipt: the form says so and leaves the amount empty.
    await expect(
      screen.entry.getByText('Nothing could be read from this receipt. Enter the amount and date yourself.'),
    ).toBeVisible({ timeout: 90_000 });
    await expect(screen.field('Amount')).toHaveValue('');

    await camera.getByRole('button', { name: 'Retake' }).click();
    await expect(screen.entry.getByText(/^Receipt receipt-photo-/)).toHaveCount(0);
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(screen.entry.getByText(/^Receipt receipt-photo-/)).toBeVisible();

    await screen.choose('Project', project);
    await screen.choose('Receipt Currency', 'USD');
    await screen.typeNumber(screen.field('Amount'), '14');
    await screen.field('Date').fill(today);
    await screen.entry.getByRole('textbox', { name: 'Comments' }).fill('Parking, receipt photographed');
    await screen.submit();
    await expect(toast(page, 'Expense has been saved.')).toBeVisible();

    await screen.filterProject(project);
    const row = screen.row(project, today, 'Parking, receipt photographed');
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download receipt receipt-photo-/ }).click();
    const file = await download;
    expect((await readFile(await file.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test.describe('expenses as Rita (NeedReceipt)', () => {
  test('a hotel needs her receipt', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    await screen.openAs(RITA);
    await screen.choose('Expense Type', 'Hotel');
    await expect(screen.entry.getByText('Receipt (PDF or photo) — required')).toBeVisible();
    await screen.choose('Project', SYDNEY);
    await screen.choose('Receipt Currency', 'AUD');
    await screen.typeNumber(screen.field('Amount per date'), '180');
    await clickCalendarDay(screen.entry, monthStart);
    await screen.entry.getByRole('textbox', { name: 'Comments' }).fill('Harbour hotel');
    await screen.submit();
    await expect(screen.entry.getByText('A receipt is required for this type of expense.')).toBeVisible();
    // Refused in the browser: the form keeps her entry (a save would start it over).
    await expect(screen.entry.getByRole('textbox', { name: 'Comments' })).toHaveValue('Harbour hotel');
    await expect(toast(page, 'Expense has been saved.')).toHaveCount(0);
  });

  test('Download Expenses zips the month’s receipts with a progress bar', async ({ page }) => {
    const screen = new ExpenseScreen(page);
    await screen.openAs(RITA);

    await screen.choose('Expense Type', 'Meals');
    await screen.choose('Project', SYDNEY);
    await screen.choose('Receipt Currency', 'AUD');
    await screen.uploadReceipt('harbour-cafe.pdf', ['Harbour Cafe', `Date: ${receiptDay}`, 'Total 31.20']);
    // The amount as the receipt says it (the field keeps decimal text, never a float).
    await expect(screen.field('Amount')).toHaveValue('31.20');
    await screen.entry.getByRole('textbox', { name: 'Comments' }).fill('Lunch with the fit-out team');
    await screen.submit();
    await expect(toast(page, 'Expense has been saved.')).toBeVisible();

    await screen.saved.getByRole('button', { name: 'Download Expenses' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Expenses' });
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(dialog.getByText('Date is required.')).toBeVisible();
    await expect(dialog.getByText('Project is required.')).toBeVisible();

    const monthName = new Date(`${monthStart}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await choose(dialog, page, 'Month', monthName);
    await choose(dialog, page, 'Project', PROJECTS[33]);
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(
      dialog.getByText(/Files do not exist for current selection, please try modifying the filters\./),
    ).toBeVisible();

    await choose(dialog, page, 'Project', SYDNEY);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Receipts zip progress' });
    await expect(progress).toBeVisible();
    const file = await download;
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(progress).toHaveAttribute('aria-valuetext', 'Done');
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^Rita_Receipts-Sydney_Office_Setup-${month}\\.zip$`),
    );
    await expect(dialog.getByText(`Done: ${file.suggestedFilename()} downloaded.`)).toBeVisible();
    const zip = await readFile(await file.path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from('harbour-cafe'))).toBe(true);
  });
});
