import { expect, test } from './support/test';
import { monthOf, PEOPLE, PROJECTS, signInAs, todayUtc } from './support/portal';

/** The board labels months as the spec's periods: 'Nov - 2026'. */
function periodLabel(month: string): string {
  const name = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${name} - ${month.slice(0, 4)}`;
}

test.describe('period board on /home', () => {
  test('an admin sees every person and project by period, with totals by owner, each cell leading into the review', async ({
    page,
  }) => {
    const previous = monthOf(todayUtc(), -1);
    const current = monthOf(todayUtc());
    await signInAs(page, PEOPLE.alice);
    await page.goto('/home');
    const board = page.getByRole('grid', { name: 'Period board' });
    await expect(board.getByRole('columnheader', { name: periodLabel(previous) })).toBeVisible();
    await expect(board.getByRole('columnheader', { name: periodLabel(current) })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Owner 1, ${periodLabel(current)}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Owner 2, ${periodLabel(current)}` })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search periods' }).fill('Carlos');
    const cell = board.getByRole('link', {
      name: new RegExp(`^Carlos Contractor, ${PROJECTS[12]}, ${periodLabel(current)}: `),
    });
    await expect(cell).toHaveAttribute(
      'href',
      `/admin/timesheets/review?employeeId=3&projectId=12&month=${current}`,
    );
    await expect(board.getByRole('row').filter({ hasText: 'Dana Developer' })).toHaveCount(0);
  });

  test('an employee sees only their own periods and what is left to do', async ({ page }) => {
    await signInAs(page, PEOPLE.carlos);
    await page.goto('/home');
    const board = page.getByRole('grid', { name: 'Your periods' });
    await expect(board.getByRole('row').filter({ hasText: PROJECTS[12] })).toHaveCount(1);
    await expect(board.getByRole('columnheader', { name: 'Person' })).toHaveCount(0);
    await expect(page.getByText('Dana Developer')).toHaveCount(0);
    const tasks = page.getByRole('region', { name: 'What is left to do' });
    await expect(tasks).toBeVisible();
  });
});
