import { periodTitle } from '@portal/contracts';
import { expect, test } from './support/test';
import { fixedOffsetPeriod, monthOf, openAs, PEOPLE, PROJECTS, firmToday } from './support/portal';

/** The board labels calendar months as the spec's periods: 'Nov - 2026'. */
function periodLabel(month: string): string {
  const name = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${name} - ${month.slice(0, 4)}`;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('period board on /home', () => {
  test('an admin sees every person and project by billing period, with totals by owner, each cell leading into the review', async ({
    page,
  }) => {
    // Project 12 bills 26 to 25; project 45 by the calendar month.
    const pipeline = fixedOffsetPeriod(firmToday());
    const current = monthOf(firmToday());
    await openAs(page, PEOPLE.alice, '/home');
    const board = page.getByRole('grid', { name: 'Period board' });
    await expect(board.getByRole('columnheader', { name: 'Previous period' })).toBeVisible();
    await expect(board.getByRole('columnheader', { name: 'Current period' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Owner 1, current periods' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Owner 2, current periods' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search periods' }).fill('Carlos');
    const cell = board.getByRole('link', {
      name: new RegExp(`^Carlos Contractor, ${escaped(PROJECTS[12])}, ${escaped(periodTitle(pipeline))}: `),
    });
    await expect(cell).toHaveAttribute(
      'href',
      `/admin/timesheets/review?employeeId=3&projectId=12&start=${pipeline.start}&end=${pipeline.end}`,
    );
    await expect(
      board.getByRole('link', {
        name: new RegExp(`^Carlos Contractor, Umbrella Services, ${periodLabel(current)}: `),
      }),
    ).toBeVisible();
    await expect(board.getByRole('row').filter({ hasText: 'Dana Developer' })).toHaveCount(0);
  });

  test('an employee sees only their own periods and what is left to do', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/home');
    const board = page.getByRole('grid', { name: 'Your periods' });
    const pipeline = board.getByRole('row').filter({ hasText: PROJECTS[12] });
    await expect(pipeline).toHaveCount(1);
    // A 26-to-25 project's cell names its period's days.
    await expect(pipeline).toContainText(periodTitle(fixedOffsetPeriod(firmToday())));
    await expect(board.getByRole('columnheader', { name: 'Person' })).toHaveCount(0);
    await expect(page.getByText('Dana Developer')).toHaveCount(0);
    const tasks = page.getByRole('region', { name: 'What is left to do' });
    await expect(tasks).toBeVisible();
  });
});
