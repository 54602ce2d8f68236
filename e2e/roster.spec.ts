import type { Locator, Page } from '@playwright/test';
import type { RosterMatrix } from '@portal/contracts';
import { expect, test } from './support/test';
import { choose, openAs, PEOPLE, sessionToken, signInInstead, toast } from './support/portal';
import { failOnce } from './support/fail-once';
import { readDownloadedWorkbook } from './support/workbook';

const SAVED = 'Roster has been saved!';
const BRUNO = 'Bruno Billing'; // an admin without Can edit roster, on no project's roster
const SYDNEY = 'Sydney Office Setup'; // project 36
const ERP = 'ERP Rollout'; // project 18
const PIPELINE = 'Pipeline Integrity Review'; // project 12

const grid = (page: Page) => page.getByRole('grid', { name: 'Employee - Project Roster' });
const box = (page: Page, person: string, project: string) =>
  page.getByRole('checkbox', { name: `${person} may bill ${project}`, exact: true });
const pendingStatus = (page: Page) => page.getByRole('status').filter({ hasText: /unsaved change/ });

async function openRoster(page: Page): Promise<void> {
  await page.goto('/empRoster');
  await expect(page.getByRole('heading', { name: 'Employee - Project Roster', level: 1 })).toBeVisible();
  await expect(grid(page).getByRole('rowheader').first()).toBeVisible();
}

/** Adds one choice to a multi-select filter (type, then pick it from the list). */
async function pick(page: Page, label: string, option: string): Promise<void> {
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('combobox', { name: label }).fill(option.slice(0, 5));
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  const chosen = filters.getByRole('grid', { name: `Chosen ${label.toLowerCase()}` });
  await expect(chosen.getByRole('row', { name: option })).toBeVisible();
}

/** The people's names in the order the grid shows them. */
const rowNames = (page: Page) => grid(page).getByRole('rowheader').allInnerTexts();

/** Clicks Export and reads the saved file: its name, its sheets and every row's values. */
async function exportFile(page: Page) {
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  return readDownloadedWorkbook(await saving);
}

async function projectOptions(page: Page, scope: Locator): Promise<string[]> {
  await scope.getByRole('button', { name: 'Project' }).click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const names = (await list.getByRole('option').allInnerTexts()).map((n) => n.trim());
  await page.keyboard.press('Escape');
  return names;
}

/**
 * The firm's full size, answered by the test instead of the server (whose speed the bench measures):
 * 1,200 people by 1,500 projects, each person allowed on three projects.
 */
function firmMatrix(people: number, projects: number): RosterMatrix {
  const pad = (n: number) => String(n).padStart(4, '0');
  return {
    people: Array.from({ length: people }, (_, i) => ({
      staffId: i + 1,
      name: `Person ${pad(i + 1)}`,
      ownerId: 1,
    })),
    projects: Array.from({ length: projects }, (_, j) => ({
      projectId: j + 1,
      name: `Project ${pad(j + 1)}`,
      ownerId: 1,
    })),
    allowed: Array.from({ length: people }, (_, i) =>
      [i % projects, (i * 7) % projects, (i * 13) % projects]
        .filter((j, k, all) => all.indexOf(j) === k)
        .sort((a, b) => a - b),
    ),
    owners: [{ ownerId: 1, name: 'Smartwork Consulting' }],
    canEdit: true,
    ownerFilter: true,
  };
}

test.describe('Employee - Project Roster', () => {
  test('an editor ticks a box, saves it, exports it, and the person can bill the project at once', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/');
    await openRoster(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Employee - Project Roster' })).toHaveAttribute(
      'href',
      '/empRoster',
    );

    // The filters run on the server: one person, two projects.
    await pick(page, 'Employees', BRUNO);
    await pick(page, 'Projects', ERP);
    await pick(page, 'Projects', SYDNEY);
    await expect.poll(() => rowNames(page)).toEqual([BRUNO]);
    await expect(grid(page).getByRole('columnheader')).toHaveText([/^Name/, ERP, SYDNEY]);
    await expect(box(page, BRUNO, SYDNEY)).not.toBeChecked();
    await expect(pendingStatus(page)).toHaveText('No unsaved changes');

    // A toggle is a pending change; toggling back removes it.
    await box(page, BRUNO, SYDNEY).click();
    await expect(pendingStatus(page)).toHaveText('1 unsaved change');
    await box(page, BRUNO, SYDNEY).click();
    await expect(pendingStatus(page)).toHaveText('No unsaved changes');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // The keyboard: the arrow moves to the next project's box, Space ticks it.
    await box(page, BRUNO, ERP).focus();
    await page.keyboard.press('ArrowRight');
    await expect(box(page, BRUNO, SYDNEY)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box(page, BRUNO, SYDNEY)).toBeChecked();
    await expect(pendingStatus(page)).toHaveText('1 unsaved change');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, SAVED)).toBeVisible();
    await expect(pendingStatus(page)).toHaveText('No unsaved changes');
    await expect(box(page, BRUNO, SYDNEY)).toBeChecked();
    await expect(box(page, BRUNO, ERP)).not.toBeChecked();

    // History of the focused cell, in place: Alice's save, before → after.
    await box(page, BRUNO, SYDNEY).focus();
    await page.getByRole('button', { name: `History of ${BRUNO} on ${SYDNEY}`, exact: true }).click();
    const history = page.getByRole('dialog', { name: `History: Roster cell ${BRUNO} on ${SYDNEY}` });
    const saves = history.getByRole('listitem').filter({ hasText: / by / });
    await expect(saves).toHaveCount(1);
    await expect(saves.first()).toContainText(`by ${PEOPLE.alice}`);
    await expect(saves.first()).toContainText('isAllowedToBill: false → true');
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();

    const file = await exportFile(page);
    expect(file.name).toBe('employee-roster.xlsx');
    expect(file.sheets).toEqual(['Sheet 1']);
    expect(file.rows).toEqual([
      ['Employee Name', 'Company', ERP, SYDNEY],
      [BRUNO, 'Smartwork Consulting', null, 'Yes'],
    ]);

    // Bruno's timesheet picker offers the project now, and his roster view is read-only.
    await signInInstead(page, BRUNO);
    await page.goto('/timesheets/create');
    const entry = page.getByRole('region', { name: 'Add Timesheet' });
    await expect.poll(() => projectOptions(page, entry)).toEqual([SYDNEY]);
    await choose(entry, page, 'Project', SYDNEY);

    await openRoster(page);
    await expect(grid(page).getByRole('checkbox')).toHaveCount(0);
    await pick(page, 'Employees', BRUNO);
    await pick(page, 'Projects', SYDNEY);
    await expect(
      grid(page)
        .getByRole('row', { name: new RegExp(BRUNO) })
        .getByRole('gridcell'),
    ).toHaveText(['Yes']);

    // Put the demo roster back for the other tests (through the API, as Alice).
    await signInInstead(page, PEOPLE.alice);
    const answer = await page.request.post('/api/roster', {
      headers: { authorization: `Bearer ${await sessionToken(page)}` },
      data: { changes: [{ employeeId: 2, projectId: 36, isAllowedToBill: false }] },
    });
    expect(answer.status()).toBe(201);
  });

  test('a project header puts those who can bill it first; the Name header sorts by name', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/');
    await openRoster(page);
    // The owner filter is offered to everyone but sightstream people.
    await expect(
      page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /Owner/ }),
    ).toHaveCount(1);
    await pick(page, 'Projects', PIPELINE);
    await pick(page, 'Projects', SYDNEY);
    await expect(grid(page).getByRole('columnheader')).toHaveText([/^Name/, PIPELINE, SYDNEY]);
    const everyone = [
      'Alice Admin',
      'Audrey Auditor',
      BRUNO,
      'Carlos Contractor',
      'Dana Developer',
      'Priya Producer',
      'Rita Receipts',
      'Sam Sightstream',
      'Sofia Supervisor',
    ];
    // The demo's people in the order shown; other specs of this worker may have added people
    // (Add staff member, a first sign-in), who sort among them and are left out here.
    const demoRows = async () => (await rowNames(page)).filter((name) => everyone.includes(name));
    await expect.poll(demoRows).toEqual(everyone);

    await grid(page).getByRole('button', { name: PIPELINE }).click();
    await expect
      .poll(demoRows)
      .toEqual(['Carlos Contractor', 'Dana Developer', ...everyone.filter((n) => !/Carlos|Dana/.test(n))]);
    await grid(page).getByRole('button', { name: SYDNEY }).click();
    await expect.poll(demoRows).toEqual(['Rita Receipts', ...everyone.filter((n) => n !== 'Rita Receipts')]);

    await grid(page).getByRole('button', { name: /^Name/ }).click();
    await expect.poll(demoRows).toEqual(everyone);
    await grid(page).getByRole('button', { name: /^Name/ }).click();
    await expect.poll(demoRows).toEqual([...everyone].reverse());

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(grid(page).getByRole('columnheader').nth(1)).toHaveText('Archive Migration');
  });

  test("at the firm's full size only the cells in view are on the page, the keyboard reaches the far corner, and unsaved changes are kept until saved or discarded", async ({
    page,
  }) => {
    const firm = firmMatrix(1200, 1500);
    const { allowed: _allowed, ...choices } = firm;
    await page.route(
      (url) => url.pathname === '/api/roster',
      // A save fails with no message of the server's own.
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 503, json: {} })
          : route.fulfill({ json: firm }),
    );
    await page.route(
      (url) => url.pathname === '/api/roster/choices',
      (route) => route.fulfill({ json: choices }),
    );
    await openAs(page, PEOPLE.alice, '/');
    await openRoster(page);
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '1201');
    await expect(grid(page)).toHaveAttribute('aria-colcount', '1501');
    // 1,800,000 cells in the matrix; a screenful (and a margin) in the page.
    expect(await grid(page).getByRole('checkbox').count()).toBeLessThan(1000);
    await expect(box(page, 'Person 0001', 'Project 0001')).toBeChecked();

    await box(page, 'Person 0001', 'Project 0002').focus();
    await page.keyboard.press('Control+End');
    const corner = box(page, 'Person 1200', 'Project 1500');
    await expect(corner).toBeFocused();
    await expect(corner).toBeInViewport();
    // The headers stay in view (sticky) beside the far corner.
    await expect(grid(page).getByRole('button', { name: 'Project 1500' })).toBeInViewport();
    await expect(grid(page).getByRole('rowheader', { name: 'Person 1200' })).toBeInViewport();
    expect(await grid(page).getByRole('checkbox').count()).toBeLessThan(1000);

    await page.keyboard.press('Space');
    await expect(corner).toBeChecked();
    await expect(pendingStatus(page)).toHaveText('1 unsaved change');
    await page.keyboard.press('ArrowUp');
    await expect(box(page, 'Person 1199', 'Project 1500')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(box(page, 'Person 1199', 'Project 1499')).toBeFocused();

    // A failed save says so and keeps the pending change.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Failed to save Roster record, please try later.')).toBeVisible();
    await expect(pendingStatus(page)).toHaveText('1 unsaved change');

    // Unsaved changes are not dropped without asking: leaving the page, or Discard changes.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving' });
    await expect(leave).toContainText('You have 1 unsaved change.');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/empRoster$/);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    const discard = page.getByRole('alertdialog', { name: 'Discard changes' });
    await discard.getByRole('button', { name: 'No' }).click();
    await expect(pendingStatus(page)).toHaveText('1 unsaved change');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await discard.getByRole('button', { name: 'Yes' }).click();
    await expect(pendingStatus(page)).toHaveText('No unsaved changes');
    await expect(corner).not.toBeChecked();
  });

  test('a sightstream roster editor sees the menu entry and only owner-2 people and projects, without the owner filter', async ({
    page,
  }) => {
    await openAs(page, 'Priya Producer', '/');
    await openRoster(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Employee - Project Roster' })).toBeVisible();
    // An editor who is not an admin sees no other admin entry.
    await expect(nav.getByRole('link', { name: 'Timesheet Review' })).toHaveCount(0);
    await expect(
      page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /Owner/ }),
    ).toHaveCount(0);
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Priya Producer', 'Sam Sightstream', 'Sofia Supervisor']);
    await expect(grid(page).getByRole('columnheader')).toHaveText([
      /^Name/,
      'Archive Migration',
      'Broadcast Platform',
    ]);
    await expect(box(page, 'Sam Sightstream', 'Broadcast Platform')).toBeChecked();
  });

  test('filter choices that fail to load say so, and Retry brings the filters', async ({ page }) => {
    await failOnce(page, '**/api/roster/choices');
    await openAs(page, PEOPLE.alice, '/empRoster');
    const failure = page.getByRole('alert').filter({ hasText: 'Your roster filters could not be loaded.' });
    await expect(failure).toBeVisible();
    await expect(page.getByRole('group', { name: 'Filters' })).toHaveCount(0);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('group', { name: 'Filters' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('a regular employee has no roster: no menu entry, and the page sends them home', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/home');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Employee - Project Roster' })).toHaveCount(0);
    await page.goto('/empRoster');
    await expect(page).toHaveURL(/\/home$/);
  });
});
