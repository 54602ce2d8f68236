import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { choose, monthOf, openAs, PEOPLE, shortMonthLabel, toast, firmToday } from './support/portal';
import { failOnce } from './support/fail-once';
import { readWorkbook } from './support/workbook';

/*
 * Planned hours (issue 9): an admin plans Dana's hours on Offshore Analytics (project 30, where
 * only Dana is on the roster) with the cell rules, saves, reloads, sees plan against actual once
 * Dana records time (through the API), and exports PlannedHours.xlsx, read cell by cell.
 * The months are the five after the run's pinned "now", where no other spec records time on the
 * project (data-table.spec.ts records Dana's Offshore time up to today).
 */
const PROJECT = 'Offshore Analytics';
const PROJECT_ID = 30;
const DANA = { id: 4, name: 'Dana Developer' };
const MONTH_IDS = [1, 2, 3, 4, 5].map((offset) => monthOf(firmToday(), offset));
/** As the grid names them: 'Dec 2026'. */
const MONTHS = MONTH_IDS.map(shortMonthLabel);
const [FIRST, SECOND, THIRD, FOURTH] = MONTHS as [string, string, string, string, string];

function grid(page: Page): Locator {
  return page.getByRole('table', { name: 'Planned hours' });
}

function field(page: Page, month: string): Locator {
  return page.getByRole('textbox', { name: `Planned hours for ${DANA.name}, ${month}`, exact: true });
}

/** The cells of a row (its header excluded), by its row header. */
function cells(page: Page, rowHeader: string): Locator {
  return grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rowHeader }) })
    .getByRole('cell');
}

/** The planned values a row shows, month by month then its total (the first line of each cell). */
async function plannedOf(page: Page, rowHeader: string): Promise<string[]> {
  return cells(page, rowHeader)
    .locator('.planned-hours-table__planned')
    .evaluateAll((spans) => spans.map((s) => (s.textContent ?? '').trim()));
}

/** Types into the project combo box and picks the project. */
async function chooseProject(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Project' }).fill(name.slice(0, 8));
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(name);
}

async function chooseGrid(page: Page, start = MONTHS[0]!, end = MONTHS[4]!): Promise<void> {
  const filters = page.getByRole('group', { name: 'Grid selection' });
  await chooseProject(page, PROJECT);
  await choose(filters, page, 'Start month', start);
  await choose(filters, page, 'End month', end);
}

test.describe('project planned hours', () => {
  test('an admin plans hours with the cell rules, saves, sees plan against actual and exports them', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/admin/planned-hours');
    await expect(page.getByRole('heading', { level: 1, name: 'Project Planned Hours' })).toBeVisible();
    await expect(grid(page)).toHaveCount(0);

    // An end month before the start month is refused beside the field, and no grid shows.
    await chooseGrid(page, SECOND, FIRST);
    await expect(page.getByText('End month must not be before the start month')).toBeVisible();
    await expect(grid(page)).toHaveCount(0);
    // Projects of client 4 are not offered.
    await page
      .getByRole('group', { name: 'Grid selection' })
      .getByRole('button', { name: 'Project' })
      .click();
    await expect(page.getByRole('option', { name: 'ERP Rollout' })).toHaveCount(0);
    await expect(page.getByRole('option', { name: PROJECT, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await chooseGrid(page);
    await expect(grid(page).getByRole('columnheader')).toHaveText(['Name', ...MONTHS, 'Total']);
    await expect(grid(page).getByRole('rowheader')).toHaveText([DANA.name, 'Total Hours']);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    // While editing, the selection cannot change (unsaved cells would be lost).
    await expect(page.getByRole('combobox', { name: 'Project' })).toBeDisabled();
    await field(page, FIRST).fill('007');
    await field(page, SECOND).focus();
    await expect(field(page, FIRST)).toHaveValue('7');
    await field(page, SECOND).fill('-3');
    await field(page, THIRD).focus();
    await expect(field(page, SECOND)).toHaveValue('0');
    await field(page, THIRD).fill('2.7');
    await field(page, FOURTH).focus();
    await expect(field(page, THIRD)).toHaveValue('2');
    // A zero is cleared on focus; left untouched, it shows 0 again.
    await field(page, SECOND).focus();
    await expect(field(page, SECOND)).toHaveValue('');
    await field(page, THIRD).focus();
    await expect(field(page, SECOND)).toHaveValue('0');
    // An invalid cell is highlighted with the rule beside it; emptied, it is blank (saved as null).
    await field(page, FOURTH).fill('abc');
    await expect(field(page, FOURTH)).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Planned hours must be a whole number from 0 to 744, or empty'),
    ).toBeVisible();
    // Save refuses while a cell is invalid, and editing goes on.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Error saving data. Please try again.')).toBeVisible();
    await expect(field(page, FOURTH)).toHaveValue('abc');
    await field(page, FOURTH).fill('');
    await expect(field(page, FOURTH)).not.toHaveAttribute('aria-invalid', 'true');
    // The totals follow the fields.
    expect(await plannedOf(page, 'Total Hours')).toEqual(['7', '0', '2', '0', '0', '9']);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Data saved successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    expect(await plannedOf(page, DANA.name)).toEqual(['7', '0', '2', '', '', '9']);

    // After a reload the saved values come back; the blank cells stay blank.
    await page.reload();
    await chooseGrid(page);
    await expect(grid(page)).toBeVisible();
    expect(await plannedOf(page, DANA.name)).toEqual(['7', '0', '2', '', '', '9']);
    expect(await plannedOf(page, 'Total Hours')).toEqual(['7', '0', '2', '0', '0', '9']);

    // Edited cells are not dropped without asking: Escape, Cancel and leaving the page ask first.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(page, FIRST).fill('8');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes' });
    await expect(discard).toContainText('Are you sure you want to discard 1 changed cell?');
    await discard.getByRole('button', { name: 'No' }).click();
    await expect(field(page, FIRST)).toHaveValue('8');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving' });
    await expect(leave).toContainText('You have 1 changed cell.');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/admin\/planned-hours$/);
    await expect(field(page, FIRST)).toHaveValue('8');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await discard.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    expect(await plannedOf(page, DANA.name)).toEqual(['7', '0', '2', '', '', '9']);
    // With nothing changed, Cancel leaves editing at once.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(discard).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();

    // Enter saves at once, even on a zero the field cleared when entered: it stays 0.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(page, SECOND).focus();
    await expect(field(page, SECOND)).toHaveValue('');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    expect(await plannedOf(page, DANA.name)).toEqual(['7', '0', '2', '', '', '9']);

    // Another end month loads the grid again over the months chosen.
    await choose(page.getByRole('group', { name: 'Grid selection' }), page, 'End month', THIRD);
    await expect(grid(page).getByRole('columnheader')).toHaveText(['Name', ...MONTHS.slice(0, 3), 'Total']);
    expect(await plannedOf(page, DANA.name)).toEqual(['7', '0', '2', '9']);

    // Dana records 6.5 hours in the second month, planned 0 (through the API): plan against actual shows it.
    const signIn = await page.request.post('/api/auth/dev/sign-in', { data: { staffId: DANA.id } });
    expect(signIn.status()).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const recorded = await page.request.post('/api/timesheets', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        projectId: PROJECT_ID,
        subProjectId: null,
        items: [
          { date: `${MONTH_IDS[1]}-04`, hours: '6.5', overtimeHours: null, comment: 'Offshore model review' },
        ],
        confirmLate: true,
      },
    });
    expect(recorded.status()).toBe(201);
    await page.reload();
    await chooseGrid(page);
    const dana = cells(page, DANA.name);
    await expect(dana.nth(0)).toContainText('Actual 0');
    await expect(dana.nth(0)).toContainText('-7 ▼ Under plan');
    await expect(dana.nth(1)).toContainText('Actual 6.5');
    await expect(dana.nth(1)).toContainText('+6.5 ▲ Over plan');
    await expect(dana.nth(2)).toContainText('-2 ▼ Under plan');
    await expect(dana.nth(3)).toContainText('Actual 0');
    await expect(dana.nth(3)).not.toContainText('plan');
    await expect(cells(page, 'Total Hours').nth(5)).toContainText('Actual 6.5');
    await expect(cells(page, 'Total Hours').nth(5)).toContainText('-2.5 ▼ Under plan');
    await expect(page.getByText('more than 10% above the plan')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('PlannedHours.xlsx');
    const { sheet: name, rows } = await readWorkbook(await readFile((await file.path())!), {
      datesAsText: true,
    });
    expect(name).toBe('Planned Hours');
    // Each month headed by its first day, day-month-year.
    const headings = MONTH_IDS.map((month) => `01-${month.slice(5)}-${month.slice(0, 4)}`);
    expect(rows[0]).toEqual([
      'Name',
      ...headings,
      ...headings.flatMap((h) => [`Actual ${h}`, `Difference ${h}`]),
      'Total Planned',
      'Total Actual',
      'Total Difference',
      'Plan status',
    ]);
    const planned = [7, 0, 2, 0, 0];
    const actualAndDifference = [0, -7, 6.5, 6.5, 0, -2, 0, 0, 0, 0];
    expect(rows[1]).toEqual([DANA.name, ...planned, ...actualAndDifference, 9, 6.5, -2.5, 'Under plan']);
    expect(rows[2]).toEqual(['Total Hours', ...planned, ...actualAndDifference, 9, 6.5, -2.5, 'Under plan']);
    expect(rows).toHaveLength(3);
  });

  test('a project list that fails to load says so, and Retry fills the picker', async ({ page }) => {
    await failOnce(page, '**/api/admin/planned-hours/projects');
    await openAs(page, PEOPLE.alice, '/admin/planned-hours');
    const failure = page.getByRole('alert').filter({ hasText: 'Your projects could not be loaded.' });
    await expect(failure).toBeVisible();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toHaveCount(0);
    await chooseProject(page, PROJECT);
  });

  test('a regular employee is sent away from the page and refused by the API', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/admin/planned-hours');
    await expect(page).toHaveURL(/\/$|\/home$/);
    const signIn = await page.request.post('/api/auth/dev/sign-in', { data: { staffId: 3 } });
    const { token } = (await signIn.json()) as { token: string };
    const answer = await page.request.get('/api/admin/planned-hours/projects', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(403);
  });
});
