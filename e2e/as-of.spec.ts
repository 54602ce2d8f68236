import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { addDays, monthOf, PEOPLE, PROJECTS, signInAs, todayUtc } from './support/portal';

/**
 * The "as of" views (issue 11) on the demo data, "now" pinned for the run. The seed approves
 * Carlos's oldest month (two months back) when the portal starts, so an instant of yesterday is
 * before that approval and now is after it. Nothing here changes any data.
 */

const timeGrid = (page: Page, name: string) => page.getByRole('grid', { name: `Time of ${name}` });
const dataRows = (grid: Locator) => grid.getByRole('row').filter({ has: grid.page().locator('time') });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Nothing can be changed here.' });

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
}

test.describe('As of: past views of the review and the roster', () => {
  const today = todayUtc();
  const yesterday = addDays(today, -1);
  const oldest = monthOf(today, -2);

  test('an admin sees the review before an approval (unapproved) and now (approved), read-only in the past', async ({
    page,
  }) => {
    await signInAs(page, PEOPLE.alice);
    await page.goto(`/admin/timesheets/review?employeeId=3&projectId=12&month=${oldest}`);
    await settled(page);
    const grid = timeGrid(page, PEOPLE.carlos);
    await expect(dataRows(grid).first()).toBeVisible();
    const rows = await dataRows(grid).count();
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(rows);
    await expect(banner(page)).toHaveCount(0);

    // The picker by keyboard: a date and a time, then Enter.
    const picker = page.getByRole('textbox', { name: 'As of', exact: true });
    await picker.focus();
    await picker.fill(`${yesterday}T12:00`);
    await picker.press('Enter');
    await expect(page).toHaveURL(new RegExp(`asOf=${yesterday}T12%3A00%3A00.000Z`));
    await expect(banner(page)).toContainText(
      'You are looking at the Contractor Timesheet Review as it stood on',
    );
    await expect(banner(page)).toContainText('12:00 PM. Nothing can be changed here.');
    await settled(page);
    await expect(dataRows(grid)).toHaveCount(rows);
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(0);
    await expect(dataRows(grid).first()).toContainText(PROJECTS[12]);
    // No action anywhere: no approve, return, edit, downloads, nor rows to choose.
    for (const name of ['Approve all', 'Return…', 'Edit', 'Download Timesheets'])
      await expect(page.getByRole('button', { name, exact: false })).toHaveCount(0);
    await expect(grid.getByRole('checkbox')).toHaveCount(0);

    await banner(page).getByRole('link', { name: 'Back to now' }).click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(banner(page)).toHaveCount(0);
    await settled(page);
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(rows);
    await expect(page.getByRole('button', { name: 'Approve all' })).toBeVisible();
  });

  test('the roster as of an instant shows the banner and nothing to tick or save', async ({ page }) => {
    await signInAs(page, PEOPLE.alice);
    await page.goto(`/empRoster?asOf=${yesterday}T12:00:00.000Z`);
    await expect(banner(page)).toContainText(
      'You are looking at the Employee - Project Roster as it stood on',
    );
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('grid').getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  });
});
