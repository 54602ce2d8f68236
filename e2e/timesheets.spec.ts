import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { checkOutboxMail } from './support/outbox';
import { expect, test } from './support/test';
import {
  addDays,
  mondayOf,
  monthOf,
  PEOPLE,
  PROJECTS,
  sessionToken,
  tableDate,
  TimesheetScreen,
  firmToday,
  toast,
} from './support/portal';

/**
 * Carlos's timesheets. Every test writes its own project and days so the tests stay independent
 * while sharing one server: project 14 this week (the week test), project 33 this week (edit and
 * delete), project 14 on last week's Monday (late entry). The seeded history uses 12, 45 and 61.
 */

const today = firmToday();
const monday = mondayOf(today);
const week = [0, 1, 2, 3, 4].map((i) => addDays(monday, i));

test.describe('timesheets as Carlos', () => {
  test('a week of 8 hours over a shift-click range is saved and listed with its totals', async ({ page }) => {
    const screen = new TimesheetScreen(page);
    const project = PROJECTS[14];
    const [first, , , , friday] = week;
    await screen.openAs(PEOPLE.carlos);

    // Nothing on this project this week yet.
    await screen.filter(project, first, friday);
    await expect(screen.saved.getByText('Records not found')).toBeVisible();

    await screen.chooseProject(project);
    await screen.clickDay(first);
    await screen.clickDay(friday, { shift: true });
    for (const day of week) await expect(screen.hoursFor(day)).toBeVisible();
    await expect(screen.entry.getByRole('textbox', { name: /^Hours for \d{4}-/ })).toHaveCount(5);

    await screen.typeNumber(screen.entry.getByRole('textbox', { name: 'Hours for all days' }), '8');
    await screen.entry.getByRole('button', { name: 'Apply hours to all' }).click();
    for (const [i, day] of week.entries()) {
      await expect(screen.hoursFor(day)).toHaveValue('8');
      await screen.commentFor(day).fill(`Signal cabinet install, day ${i + 1}`);
    }
    await expect(screen.commentFor(first)).toHaveAttribute('placeholder', 'Activity Comment (Required)');

    await screen.save();
    await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();
    await expect(screen.entry.getByRole('textbox', { name: /^Hours for \d{4}-/ })).toHaveCount(0);

    await expect(screen.dataRows(project)).toHaveCount(5);
    for (const [i, day] of week.entries()) {
      const row = screen.row(project, day);
      await expect(row).toContainText(tableDate(day));
      await expect(row).toContainText(`Signal cabinet install, day ${i + 1}`);
      expect(await screen.cellText(row, 'Hours')).toBe('8');
      expect(await screen.cellText(row, 'Value')).toBe('1,600.00');
      await expect(row.getByRole('button', { name: `Edit ${project} on ${tableDate(day)}` })).toBeVisible();
    }
    // 5 x 8 h = 40 h; 40 h x 200 = 8,000.00.
    await screen.expectTotals(40_00, 8_000_00);

    // Date sorts ascending by default; a click on its header turns the order round.
    const dates = () =>
      screen
        .dataRows(project)
        .locator('time')
        .evaluateAll((times) => times.map((t) => (t as unknown as { dateTime: string }).dateTime));
    await expect.poll(dates).toEqual(week);
    await screen.grid.getByRole('columnheader', { name: 'Date' }).click();
    await expect(screen.grid.getByRole('columnheader', { name: 'Date' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect.poll(dates).toEqual([...week].reverse());
    await screen.expectTotals(40_00, 8_000_00);
  });

  test('validation: a missing project and a day without hours are refused', async ({ page }) => {
    const screen = new TimesheetScreen(page);
    const project = PROJECTS[33];
    const thursday = week[3];
    await screen.openAs(PEOPLE.carlos);

    await screen.save();
    await expect(screen.entry.getByText('Project must have a value')).toBeVisible();

    await screen.chooseProject(project);
    await expect(screen.entry.getByText('Project must have a value')).toHaveCount(0);
    await screen.clickDay(thursday);
    await screen.commentFor(thursday).fill('Forgot the hours');
    await screen.save();
    await expect(toast(page, 'Please fill in your hours')).toBeVisible();
    await expect(screen.hoursFor(thursday)).toHaveAttribute('aria-invalid', 'true');
    await expect(screen.entry.getByText('Please fill in your hours')).toBeVisible();
    await expect(toast(page, 'Timesheet has been saved!')).toHaveCount(0);
    // The form keeps the day for correction.
    await expect(screen.commentFor(thursday)).toHaveValue('Forgot the hours');

    // Nothing reached the server.
    await screen.open();
    await screen.filter(project, thursday, thursday);
    await expect(screen.saved.getByText('Records not found')).toBeVisible();
  });

  test('edit a row (7.5 h, new comment), then delete: No keeps it, Yes removes it', async ({ page }) => {
    const screen = new TimesheetScreen(page);
    const project = PROJECTS[33];
    const [mon, tue, wed] = week;
    await screen.openAs(PEOPLE.carlos);

    await screen.chooseProject(project);
    for (const day of [mon, tue, wed]) await screen.clickDay(day);
    for (const day of [mon, tue, wed]) {
      await screen.typeNumber(screen.hoursFor(day), '8');
      await screen.commentFor(day).fill(`Relocation planning ${day}`);
    }
    await screen.save();
    await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();

    await screen.filter(project, mon, wed);
    await expect(screen.dataRows(project)).toHaveCount(3);
    await screen.expectTotals(24_00, 4_800_00);

    // Edit Tuesday.
    await screen.grid.getByRole('button', { name: `Edit ${project} on ${tableDate(tue)}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Timesheet' });
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Project' })).toContainText(project);
    await expect(edit.getByLabel('Date')).toHaveValue(tue);
    const hours = edit.getByRole('textbox', { name: 'Hours', exact: true });
    await expect(hours).toHaveValue('8');
    await screen.typeNumber(hours, '7.5');
    const comment = edit.getByRole('textbox', { name: 'Activity Comment' });
    await expect(comment).toHaveValue(`Relocation planning ${tue}`);
    await comment.fill('Housing walkthrough with client');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Timesheet has been updated!')).toBeVisible();
    await expect(edit).toBeHidden();

    const tuesday = screen.row(project, tue);
    await expect(tuesday).toContainText('Housing walkthrough with client');
    await expect.poll(() => screen.cellText(tuesday, 'Hours')).toBe('7.5');
    expect(await screen.cellText(tuesday, 'Value')).toBe('1,500.00');
    await expect(screen.dataRows(project)).toHaveCount(3);
    await screen.expectTotals(23_50, 4_700_00);

    // Delete Wednesday: No keeps it.
    const deleteWednesday = screen.grid.getByRole('button', {
      name: `Delete ${project} on ${tableDate(wed)}`,
    });
    await deleteWednesday.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete timesheet' });
    await expect(confirm).toContainText(project);
    await expect(confirm).toContainText(tableDate(wed));
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page, 'Timesheet has been deleted!')).toHaveCount(0);
    await expect(screen.row(project, wed)).toBeVisible();
    await expect(screen.dataRows(project)).toHaveCount(3);
    await screen.expectTotals(23_50, 4_700_00);

    // Yes removes it and the totals drop by its 8 hours.
    await deleteWednesday.click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page, 'Timesheet has been deleted!')).toBeVisible();
    await expect(screen.row(project, wed)).toHaveCount(0);
    await expect(screen.dataRows(project)).toHaveCount(2);
    await screen.expectTotals(15_50, 3_100_00);

    // Still so after a reload: the change is on the server.
    await screen.open();
    await screen.filter(project, mon, wed);
    await expect(screen.dataRows(project)).toHaveCount(2);
    await expect(screen.row(project, wed)).toHaveCount(0);
    await screen.expectTotals(15_50, 3_100_00);
  });

  test('his recent combinations come first: one press fills the project and the new days’ comment', async ({
    page,
  }) => {
    const screen = new TimesheetScreen(page);
    await screen.openAs(PEOPLE.carlos);
    // What the server offers him (his seeded history), most recent first.
    const offered = await page.request.get('/api/timesheets/recent', {
      headers: { Authorization: `Bearer ${await sessionToken(page)}` },
    });
    const [latest] = (await offered.json()) as {
      projectName: string;
      subProjectName: string | null;
      activity: string;
    }[];
    const project = latest!.subProjectName
      ? `${latest!.projectName} / ${latest!.subProjectName}`
      : latest!.projectName;
    const recent = screen.entry.getByRole('group', { name: 'Recent' });
    const choice = recent.getByRole('button').first();
    await expect(choice).toHaveText(`${project}: ${latest!.activity}`);

    await choice.click();
    await expect(screen.entry.getByRole('button', { name: 'Project' })).toContainText(latest!.projectName);
    await expect(screen.entry.getByRole('status')).toContainText(
      `New days get the comment “${latest!.activity}”.`,
    );
    // A day two weeks on: the comment is there, still editable.
    const day = addDays(monday, 16);
    await screen.clickDay(day);
    await expect(screen.commentFor(day)).toHaveValue(latest!.activity);
    await screen.commentFor(day).fill(`${latest!.activity}, edited`);
    await expect(screen.commentFor(day)).toHaveValue(`${latest!.activity}, edited`);

    // On a phone the choices wrap within the screen and pass the accessibility check.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(choice).toBeVisible();
    await expectNoSidewaysScroll(page, 'the entry form with recent combinations');
    await expectNoAxeViolations(page, 'the entry form with recent combinations');
  });

  test('the comment counts characters as a person sees them: 26 emoji stay whole, the 51st is not taken', async ({
    page,
  }) => {
    const screen = new TimesheetScreen(page);
    const day = week[0];
    await screen.openAs(PEOPLE.carlos);
    await screen.chooseProject(PROJECTS[14]);
    await screen.clickDay(day);
    const comment = screen.commentFor(day);
    await comment.fill('😀'.repeat(26));
    await expect(comment).toHaveValue('😀'.repeat(26));
    await comment.fill('👍🏽'.repeat(51));
    await expect(comment).toHaveValue('👍🏽'.repeat(50));
  });

  test('a day before this week warns: Cancel saves nothing, Proceed saves and mails the admins', async ({
    page,
    browser,
  }) => {
    const screen = new TimesheetScreen(page);
    const project = PROJECTS[14];
    const late = addDays(monday, -7);
    const warning = page.getByRole('alertdialog', {
      name: 'The selected date is not within the current week.',
    });

    const enterLateDay = async () => {
      await screen.openAs(PEOPLE.carlos);
      await screen.chooseProject(project);
      await screen.clickDay(late);
      await screen.typeNumber(screen.hoursFor(late), '6');
      await screen.commentFor(late).fill('Late signalling notes');
      await screen.save();
      await expect(warning).toBeVisible();
      await expect(warning).toContainText('an email will be sent to the admins');
    };

    // Cancel: nothing is saved.
    await enterLateDay();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(toast(page, 'Timesheet has been saved!')).toHaveCount(0);
    await screen.open();
    await screen.filter(project, late, late);
    await expect(screen.saved.getByText('Records not found')).toBeVisible();

    // Proceed: saved.
    await enterLateDay();
    await warning.getByRole('button', { name: 'Proceed' }).click();
    await expect(warning).toBeHidden();
    await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();
    await screen.filter(project, late, late);
    const row = screen.row(project, late);
    await expect(row).toContainText('Late signalling notes');
    expect(await screen.cellText(row, 'Hours')).toBe('6');
    await screen.expectTotals(6_00, 1_200_00);

    // An admin finds exactly one late-entry mail naming Carlos (the cancelled attempt sent none).
    await checkOutboxMail(browser, `Late timesheet entry: ${PEOPLE.carlos}, ${project}`, async (mail) => {
      await expect(mail).toContainText(`${PEOPLE.carlos} saved timesheet entries dated before the Monday`);
      await expect(mail).toContainText(`Date(s): ${late}`);
      await expect(mail).toContainText('Late signalling notes');
    });
  });

  test("approved rows of the oldest seeded month show 'Approved' and cannot be edited or deleted", async ({
    page,
  }) => {
    const screen = new TimesheetScreen(page);
    const oldestMonth = monthOf(today, -2);
    await screen.openAs(PEOPLE.carlos);

    // The default period (current month) does not reach that far back.
    await expect(screen.saved.getByRole('button', { name: 'Period' })).toContainText('Current month');
    await screen.settled();
    // Loaded: this month's rows, or (in its first days, before any is entered) the empty message.
    await expect(screen.grid.or(screen.saved.getByText('Records not found'))).toBeVisible();
    await expect(screen.saved.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.locator(`time[datetime^="${oldestMonth}-"]`)).toHaveCount(0);

    await screen.saved.getByRole('button', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 3 months' }).click();
    await screen.settled();
    // Every row of the three months on one page.
    await screen.saved.getByRole('button', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '100', exact: true }).click();

    const oldRows = screen.grid
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime^="${oldestMonth}-"]`) });
    await expect(oldRows.first()).toBeVisible();
    const count = await oldRows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const row = oldRows.nth(i);
      await expect(row.getByText('Approved', { exact: true })).toBeVisible();
      await expect(row.getByRole('button')).toHaveCount(0);
    }

    // Later, unapproved history rows keep their edit and delete buttons.
    const laterRows = screen.grid
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime^="${monthOf(today, -1)}-"]`) });
    await expect(laterRows.first()).toBeVisible();
    await expect(laterRows.first().getByRole('button', { name: /^Edit / })).toBeVisible();
    await expect(laterRows.first().getByRole('button', { name: /^Delete / })).toBeVisible();
    await expect(laterRows.first().getByText('Approved', { exact: true })).toHaveCount(0);
  });

  test('opening an editable row asks the lock check without any error in the console', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const lockChecks: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (/\/api\/ledgers\/\d+\/\d{4}-\d{2}\/locks\/\d+$/.test(new URL(response.url()).pathname))
        lockChecks.push({ url: response.url(), status: response.status() });
    });

    const screen = new TimesheetScreen(page);
    await screen.openAs(PEOPLE.carlos);
    await screen.saved.getByRole('button', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 3 months' }).click();
    await screen.settled();
    // Every row of the three months on one page.
    await screen.saved.getByRole('button', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '100', exact: true }).click();

    // A row of last month's seeded history: editable, so the dialog opens after the check.
    const lastMonthRow = screen.grid
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime^="${monthOf(today, -1)}-"]`) })
      .first();
    await lastMonthRow.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Timesheet' });
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Close' }).click();
    await expect(edit).toBeHidden();

    await lastMonthRow.getByRole('button', { name: /^Delete / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete timesheet' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();

    expect(lockChecks).toHaveLength(2);
    for (const check of lockChecks) expect(check.status).toBe(200);
    expect(consoleErrors).toEqual([]);
  });
});
