import { expect, test } from './support/test';
import {
  addDays,
  choose,
  fixedOffsetPeriod,
  mondayOf,
  monthOf,
  PEOPLE,
  PROJECTS,
  TimesheetScreen,
  firmToday,
  toast,
  openAs,
} from './support/portal';
import { VerifyPage } from './support/verify-review';

/**
 * /verify-review follows the chosen project's billing cycle. Carlos Contractor on project 12
 * Pipeline Integrity Review bills 'Fixed Offset (26 to 25)': the periods offered are its periods,
 * Verify Timesheets locks exactly the 26th to the 25th, and the timesheet screen then refuses the
 * period's last day and takes the day after. Project 61 bills weekly. The demo seed enters his
 * time on 12 every Monday to Wednesday up to last week; the other browser tests write his time on
 * 12 only from this week on (today, next week), so the period verified here is the last one that
 * ends before this week, and only time is verified, so their expenses on 12 stay open.
 */

const FIXED = 'Fixed Offset (26 to 25)';
const WEEKLY = 'Weekly (Saturday to Friday)';
const CARLOS_ID = 3;
const PIPELINE = PROJECTS[12];
const FIELD_OPERATIONS = 'Field Operations (Overtime)';

const today = firmToday();
/**
 * The last period of 12 that ends before this week's Monday: the seed filled it, and no other test
 * writes in it (the period holding this week also holds today and, from the 26th to the 25th,
 * often next week, where the other tests enter his time on 12).
 */
const period = fixedOffsetPeriod(addDays(fixedOffsetPeriod(mondayOf(today)).start, -1));
const seedStart = `${monthOf(today, -2)}-01`;
/**
 * The seed approved his oldest month: in the first days of a month the period reaches back into
 * it, and those days stay 'Approved' whatever is verified later.
 */
const approvedBefore = `${monthOf(today, -1)}-01`;
const stateOf = (day: string, open: 'Entered' | 'Verified') => (day < approvedBefore ? 'Approved' : open);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** His seeded days on 12 in the period: Monday to Wednesday, before this week. */
const seededDays: string[] = [];
for (let day = period.start; day <= period.end; day = addDays(day, 1)) {
  if (day >= seedStart && day < mondayOf(today) && weekday(day) >= 1 && weekday(day) <= 3)
    seededDays.push(day);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMonth = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
/** '26 Oct - 25 Nov 2026', or '26 Dec 2026 - 1 Jan 2027' across a year end. */
function daysLabel(start: string, end: string): string {
  return start.slice(0, 4) === end.slice(0, 4)
    ? `${dayMonth(start)} - ${dayMonth(end)} ${end.slice(0, 4)}`
    : `${dayMonth(start)} ${start.slice(0, 4)} - ${dayMonth(end)} ${end.slice(0, 4)}`;
}

/** The 26-to-25 periods from the one holding `latest` back to those touching the two months before. */
function fixedOffsetLabels(latest: string): string[] {
  const first = `${monthOf(latest, -2)}-01`;
  const labels: string[] = [];
  for (let p = fixedOffsetPeriod(latest); p.end >= first; p = fixedOffsetPeriod(addDays(p.start, -1)))
    labels.push(p.label);
  return labels;
}

/** The Saturday-to-Friday week holding `date`. */
function weekOf(date: string): { start: string; end: string } {
  const start = addDays(date, -((weekday(date) + 1) % 7));
  return { start, end: addDays(start, 6) };
}

test.describe.serial('Verify Timesheet & Expense follows the billing cycle, as Carlos', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
  });

  test('the periods are the project’s: weeks on 61, the 26th to the 25th on 12; a range that is not one of them cannot be verified', async ({
    page,
  }) => {
    // His latest entry (other browser tests may have added some): the periods count back from it.
    const signIn = await page.request.post('/api/auth/dev/sign-in', { data: { staffId: CARLOS_ID } });
    const token = ((await signIn.json()) as { token: string }).token;
    const latestAnswer = await page.request.get('/api/timesheets/latest-date', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { latestDate } = (await latestAnswer.json()) as { latestDate: string };

    const verify = new VerifyPage(page);
    await verify.time.open();
    const periodField = verify.selection.getByRole('button', { name: 'Period' });
    await expect(periodField).toHaveAccessibleDescription(
      'Calendar months. Choose a project to see its billing periods.',
    );

    // Project 61 bills weekly: every week from the one holding the 1st two months back.
    await choose(verify.selection, page, 'Project', FIELD_OPERATIONS);
    const newestWeek = weekOf(latestDate);
    const oldestWeek = weekOf(`${monthOf(latestDate, -2)}-01`);
    const weeks = await verify.periodOptions();
    expect(weeks[0]).toBe(daysLabel(newestWeek.start, newestWeek.end));
    expect(weeks[weeks.length - 1]).toBe(daysLabel(oldestWeek.start, oldestWeek.end));
    const weekCount =
      (Date.parse(newestWeek.start) - Date.parse(oldestWeek.start)) / (7 * 24 * 60 * 60 * 1000) + 1;
    expect(weeks).toHaveLength(weekCount);
    await expect(periodField).toHaveAccessibleDescription(
      `${WEEKLY}: ${daysLabel(newestWeek.start, newestWeek.end)}`,
    );

    // Project 12 bills from the 26th to the 25th, named by the month the period ends in.
    await choose(verify.selection, page, 'Project', PIPELINE);
    expect(await verify.periodOptions()).toEqual(fixedOffsetLabels(latestDate));
    await verify.choosePeriod(period.label);
    await expect(periodField).toHaveAccessibleDescription(`${FIXED}: ${daysLabel(period.start, period.end)}`);
    const { time } = verify;
    await time.settled();
    for (const day of seededDays) await expect(time.dayRows(day)).toContainText(stateOf(day, 'Entered'));
    await expect(time.dataRows()).toHaveCount(seededDays.length);
    // The last seeded day before the period is the previous period's: not shown.
    let before = addDays(period.start, -1);
    while (weekday(before) < 1 || weekday(before) > 3) before = addDays(before, -1);
    expect(before >= seedStart).toBe(true);
    await expect(time.dayRows(before)).toHaveCount(0);

    // A date range of the calendar month is not one of 12's periods: nothing can be verified.
    await verify.selection.getByRole('button', { name: 'Billing cycle View', exact: true }).click();
    await page.getByRole('option', { name: 'Date range', exact: true }).click();
    const start = verify.selection.getByLabel('Start', { exact: true });
    const end = verify.selection.getByLabel('End', { exact: true });
    await start.fill(`${period.key}-01`);
    await end.fill(period.end);
    await expect(verify.button('Verify Timesheets')).toBeDisabled();
    await expect(verify.button('Verification Invoice')).toBeDisabled();
    await expect(verify.selection.getByText(`${PIPELINE} bills by the ${FIXED} cycle.`)).toBeVisible();
    // Exactly the period's days: the actions are back.
    await start.fill(period.start);
    await expect(verify.button('Verify Timesheets')).toBeEnabled();
    await expect(verify.selection.getByText(`${PIPELINE} bills by the ${FIXED} cycle.`)).toHaveCount(0);
  });

  test('Verify Timesheets locks the 26th to the 25th: the period’s last day is refused, the day after is taken', async ({
    page,
  }) => {
    const verify = new VerifyPage(page);
    await verify.open(period.label, PIPELINE);
    const { time } = verify;
    await expect(time.dataRows()).toHaveCount(seededDays.length);

    await verify.button('Verify Timesheets').click();
    const question = page.getByRole('alertdialog', { name: 'Verify Timesheets' });
    await expect(question).toContainText(
      'Are you sure you want to submit all timesheets for the selected period?',
    );
    await expect(question).toContainText(`${period.label} (${daysLabel(period.start, period.end)})`);
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Selected expenses have been verified.')).toBeVisible();
    for (const day of seededDays) await expect(time.dayRows(day)).toContainText(stateOf(day, 'Verified'));
    await expect(time.grid.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(verify.button('Timesheets verified')).toBeDisabled();
    // Only time was verified: the expenses of the period stay open.
    await expect(verify.button('Verify Expenses')).toBeEnabled();

    // The invoice covers the period's days and is numbered by the month it ends in.
    await verify.button('Verification Invoice').click();
    const invoice = page.getByRole('dialog', { name: 'Verification Invoice' });
    await expect(invoice).toContainText(`INV-${CARLOS_ID}-${period.key.replace('-', '')}`);
    await expect(invoice).toContainText(`${period.label} (${daysLabel(period.start, period.end)})`);
    await expect(invoice.getByRole('table', { name: 'Hours' }).getByRole('row')).toHaveCount(
      seededDays.length + 2,
    );
    await invoice.getByRole('button', { name: 'Close' }).click();

    // The timesheet screen: the period's last day is locked, the next period's first day is not.
    const screen = new TimesheetScreen(page);
    const enter = async (day: string) => {
      await screen.open();
      await screen.chooseProject(PIPELINE);
      await screen.clickDay(day);
      await screen.typeNumber(screen.hoursFor(day), '8');
      await screen.commentFor(day).fill('Pipeline inspection report');
      await screen.save();
      if (day < mondayOf(today)) {
        await page
          .getByRole('alertdialog', { name: 'The selected date is not within the current week.' })
          .getByRole('button', { name: 'Proceed' })
          .click();
      }
    };
    await enter(period.end);
    await expect(toast(page, `${PIPELINE} is not editable`).last()).toBeVisible();
    await expect(toast(page, 'Timesheet has been saved!')).toHaveCount(0);

    await enter(addDays(period.end, 1));
    await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();
  });
});
