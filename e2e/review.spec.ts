import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  addDays,
  choose,
  mondayOf,
  monthOf,
  openAs,
  PEOPLE,
  PROJECTS,
  sessionToken,
  signInInstead,
  TimesheetScreen,
  toast,
  firmToday,
} from './support/portal';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { claimSuppliesWithReceipt } from './support/receipts';

/**
 * The admin's Contractor Timesheet Review (/admin/timesheets/review) on the demo data, "now" pinned
 * for the run. The seed: Carlos's oldest month is approved; Dana has time on 18 and 45/64; Sam
 * (owner 2) has time on 21 and 22; Carlos claimed parking and mileage last month. What this file
 * changes (Dana's periods, Carlos's parking and mileage) is left alone by the specs that run after
 * it: the verify page's tests use Sam on 21 and Carlos's time on 12, the timesheet tests Carlos's
 * time.
 */

const SAM = 'Sam Sightstream';
const DANA = 'Dana Developer';
const ERP = 'ERP Rollout'; // project 18
const SOFIA = 'Sofia Supervisor'; // the sightstream admin (owner 2)
const BROADCAST = 'Broadcast Platform'; // project 21, owner 2

function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

const review = (page: Page, query: string) => page.goto(`/admin/timesheets/review?${query}`);
const personSection = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const timeGrid = (page: Page, name: string) => page.getByRole('grid', { name: `Time of ${name}` });
const expenseGrid = (page: Page, name: string) => page.getByRole('grid', { name: `Expenses of ${name}` });
const dataRows = (grid: Locator) => grid.getByRole('row').filter({ has: grid.page().locator('time') });

/** Waits until no call is under way, so what is shown is the answer to the last filter. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
}

test.describe('Contractor Timesheet Review', () => {
  const today = firmToday();
  const previous = monthOf(today, -1);
  // The seed's time history ends on the Sunday before this week's Monday: in the first days of a
  // month that Sunday is last month's, and this month has no time yet.
  const latestSeeded = monthOf(addDays(mondayOf(today), -1));
  const oldest = monthOf(today, -2);

  test('a sightstream admin sees owner-2 people only, and the API refuses them owner 1', async ({ page }) => {
    await openAs(page, SOFIA, '/');
    await review(page, `month=${previous}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Timesheet Review' })).toBeVisible();
    await settled(page);
    await expect(personSection(page, SAM)).toBeVisible();
    await expect(personSection(page, PEOPLE.carlos)).toHaveCount(0);
    await expect(page.getByText(DANA)).toHaveCount(0);
    // One owner only: no owner filter; the project list holds owner-2 projects only.
    await expect(page.getByRole('button', { name: 'Owner' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Project' }).click();
    await expect(page.getByRole('option', { name: BROADCAST })).toBeVisible();
    await expect(page.getByRole('option', { name: PROJECTS[12] })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const token = await sessionToken(page);
    const ask = (query: string) =>
      page.request.get(`/api/admin/review?start=${previous}-01&end=${lastDayOf(previous)}${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await ask('&ownerId=1')).status()).toBe(403);
    expect((await ask('&employeeId=3')).status()).toBe(403);
    expect((await ask('&projectId=12')).status()).toBe(403);
    const own = await ask('');
    expect(own.status()).toBe(200);
    const body = (await own.json()) as { people: { employeeName: string; ownerId: number }[] };
    expect(body.people.map((p) => p.ownerId)).toEqual(body.people.map(() => 2));

    // Owner 1 in the link: the page says so plainly and offers a way out.
    await review(page, `owner=1&month=${previous}`);
    await expect(page.getByRole('alert')).toContainText(
      'You do not have access to these timesheets and expenses.',
    );
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(personSection(page, SAM)).toBeVisible();
  });

  test('a period board link opens the review filtered, each row showing where it stands', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/home');
    const board = page.getByRole('grid', { name: 'Period board' });
    await page.getByRole('searchbox', { name: 'Search periods' }).fill('Carlos');
    await board
      // A cell is named by person, project and its billing period ('Nov - 2026 (26 Oct - 25 Nov 2026)').
      .getByRole('link', { name: new RegExp(`^${PEOPLE.carlos}, ${PROJECTS[12]}, [^:]+: `) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/timesheets\/review\?employeeId=3&projectId=12&start=/);
    await settled(page);
    await expect(page.getByRole('combobox', { name: 'Employee' })).toHaveValue(PEOPLE.carlos);
    await expect(page.getByRole('button', { name: 'Project' })).toContainText(PROJECTS[12]);
    const grid = timeGrid(page, PEOPLE.carlos);
    await expect(dataRows(grid).first()).toBeVisible();
    await expect(dataRows(grid).filter({ hasNotText: PROJECTS[12] })).toHaveCount(0);

    // The oldest seeded month is approved: every row says so and offers no edit.
    await review(page, `employeeId=3&projectId=12&month=${oldest}`);
    await settled(page);
    await expect(dataRows(grid).first()).toBeVisible();
    const approved = await dataRows(grid).count();
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(approved);
    await expect(grid.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    // An approved row is final: it cannot be chosen to approve or return again.
    await expect(dataRows(grid).getByRole('checkbox', { disabled: false })).toHaveCount(0);
    await expect(dataRows(grid).getByRole('checkbox', { disabled: true })).toHaveCount(approved);
    // Last month is entered, each row with its edit.
    await review(page, `employeeId=3&projectId=12&month=${previous}`);
    await settled(page);
    await expect(dataRows(grid).first()).toContainText('Entered');
    await expect(
      dataRows(grid)
        .first()
        .getByRole('button', { name: /^Edit time on / }),
    ).toBeVisible();
  });

  test('an admin edits Dana’s hours; the review and Dana’s own list show the change', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await review(page, `employeeId=4&projectId=18&month=${latestSeeded}`);
    await settled(page);
    const grid = timeGrid(page, DANA);
    const row = dataRows(grid).first();
    const date = await row.locator('time').getAttribute('datetime');
    await row.getByRole('button', { name: /^Edit time on / }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Timesheet' });
    await dialog.getByRole('textbox', { name: 'Hours', exact: true }).fill('5');
    await dialog.getByRole('textbox', { name: 'Activity Comment' }).fill('ERP data load, shortened');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Timesheet has been updated!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const edited = dataRows(grid).filter({ has: page.locator(`time[datetime="${date}"]`) });
    await expect(edited).toContainText('ERP data load, shortened');
    await expect(edited).toContainText('1,000.00');

    // Dana's own list, on the edited day (in a month's first days it is last month's).
    await signInInstead(page, DANA);
    const own = new TimesheetScreen(page);
    await own.open();
    await own.filter(ERP, date!, date!);
    await expect(own.grid.getByText('ERP data load, shortened')).toBeVisible();
  });

  test('an admin sets the rate of Carlos’s parking; the review shows what he now claims', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/');
    await review(page, `employeeId=3&month=${previous}`);
    await settled(page);
    const grid = expenseGrid(page, PEOPLE.carlos);
    // The demo's parking: 18.50 USD at rate 1, left entered (the next test approves the mileage only).
    const parking = dataRows(grid).filter({ hasText: 'Parking' });
    await parking.getByRole('button', { name: /^Edit Parking on / }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Expense' });
    await expect(dialog).toContainText(`${PEOPLE.carlos}: receipt in USD`);
    const rate = dialog.getByRole('textbox', { name: 'Rate' });
    await rate.fill('0');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Rate must be greater than 0')).toBeVisible();
    await rate.fill('2');
    await expect(dialog.getByText('Rate must be greater than 0')).toHaveCount(0);
    await expect(dialog.getByText('Claimed: 37.00')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Parking at the depot, two days');
    await expect(dialog.getByText('30/500')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Expense has been updated!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(parking).toContainText('Parking at the depot, two days');
    await expect(parking).toContainText('37.00');
    await expect(parking).toContainText('Entered');
  });

  test('an admin opens a row’s receipt on the page, on a desktop and on a phone', async ({ page }) => {
    // Sam claims supplies on 22 today with a receipt (the API: the expense screen has its own tests).
    const signIn = await page.request.post('/api/auth/dev/sign-in', { data: { staffId: 5 } });
    await claimSuppliesWithReceipt(page, {
      token: ((await signIn.json()) as { token: string }).token,
      projectId: 22,
      currency: 'GBP',
      date: today,
      comment: 'Cable ties for the rig',
      fileName: 'cable-ties.pdf',
      lines: ['Rig Supply Ltd', `Date: ${today}`, 'Total 42.50'],
    });

    await openAs(page, PEOPLE.alice, '/');
    await review(page, `employeeId=5&month=${monthOf(today)}`);
    await settled(page);
    const row = dataRows(expenseGrid(page, SAM)).filter({ hasText: 'Cable ties for the rig' });
    // Rows without a receipt say so; this one offers it.
    await expect(dataRows(expenseGrid(page, SAM)).filter({ hasNotText: 'Cable ties' }).first()).toContainText(
      'None',
    );
    // The dialog fetches the receipt itself, as the server stored it, and shows it in a frame.
    const fetched = page.waitForResponse((r) => /\/api\/expenses\/receipts\/[^/]+$/.test(r.url()));
    const view = row.getByRole('button', { name: /^View receipt: Sam Sightstream: Supplies on / });
    const viewName = (await view.getAttribute('aria-label'))!;
    await view.click();
    const receipt = await fetched;
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toBe('application/pdf');
    // The receipt the row names is Sam's PDF (read again with the admin's own session).
    const again = await page.request.get(receipt.url(), {
      headers: { Authorization: `Bearer ${await sessionToken(page)}` },
    });
    expect((await again.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(again.headers()['content-disposition']).toContain('cable-ties.pdf');
    const dialog = page.getByRole('dialog', { name: 'Receipt' });
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('title', /^Sam Sightstream: Supplies on .*, /);
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await expect(dialog.getByRole('link', { name: 'Open the receipt in a new tab' })).toBeVisible();
    await expectNoAxeViolations(page, 'the receipt dialog');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('cable-ties.pdf');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // On a phone (the table shows cards) the dialog fits the screen, the frame too, and Close closes it.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: viewName, exact: true }).click();
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await expectNoSidewaysScroll(page, 'the receipt dialog on a phone');
    await expectNoAxeViolations(page, 'the receipt dialog on a phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Approve all approves every row of the person’s period after the confirmation', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await review(page, `employeeId=4&month=${previous}`);
    await settled(page);
    const section = personSection(page, DANA);
    await section.getByRole('button', { name: 'Approve all' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Approve all?' });
    await expect(confirm).toContainText(ERP);
    await confirm.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(toast(page, 'Expenses Approved Successfully')).toBeVisible();
    const grid = timeGrid(page, DANA);
    const rows = await dataRows(grid).count();
    expect(rows).toBeGreaterThan(0);
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(rows);
    await expect(dataRows(expenseGrid(page, DANA)).first()).toContainText('Approved');
    await expect(section.getByRole('button', { name: 'Approve all' })).toBeDisabled();
  });

  test('Approve selected expenses approves only the expense chosen', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await review(page, `employeeId=3&month=${previous}`);
    await settled(page);
    const section = personSection(page, PEOPLE.carlos);
    const grid = expenseGrid(page, PEOPLE.carlos);
    // Each row's checkbox says what it chooses: 'Select {category} on {date}, {project}', so two
    // expenses of one day sound different. (Its tick box is drawn over the native input, which
    // Playwright therefore reports as covered.)
    const box = (category: string) =>
      grid.getByRole('checkbox', {
        name: new RegExp(`^Select ${category} on \\d{4}-\\d{2}-\\d{2}, \\S.+$`),
      });
    await box('Mileage').check({ force: true });
    await expect(box('Parking')).not.toBeChecked();
    await section.getByRole('button', { name: 'Approve selected expenses (1)' }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve selected expenses?' })
      .getByRole('button', { name: 'Yes, approve' })
      .click();
    await expect(toast(page, 'Expenses Approved Successfully')).toBeVisible();
    await expect(dataRows(grid).filter({ hasText: 'Mileage' })).toContainText('Approved');
    await expect(dataRows(grid).filter({ hasText: 'Parking' })).toContainText('Entered');
  });

  test('Return with a reason reopens the period; the person sees the reason on their dashboard', async ({
    page,
  }) => {
    const reason = 'Friday hours belong on the umbrella project';
    await openAs(page, PEOPLE.alice, '/');
    await review(page, `employeeId=4&projectId=18&month=${latestSeeded}`);
    await settled(page);
    await personSection(page, DANA).getByRole('button', { name: 'Return…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return with a reason' });
    await choose(dialog, page, 'What to return', 'The whole period of the project');
    await dialog.getByRole('button', { name: 'Return…' }).click();
    await expect(dialog.getByText('Reason is required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Return…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Return to the person?' });
    await expect(confirm).toContainText(reason);
    await confirm.getByRole('button', { name: 'Yes, return' }).click();
    await expect(toast(page, 'The period has been returned to the person.')).toBeVisible();
    const grid = timeGrid(page, DANA);
    const rows = await dataRows(grid).count();
    expect(rows).toBeGreaterThan(0);
    await expect(dataRows(grid).filter({ hasText: reason })).toHaveCount(rows);

    await signInInstead(page, DANA);
    await page.goto('/home');
    await expect(page.getByText(reason).first()).toBeVisible();
  });
});
