import { TIMESHEET_HISTORY_IMPORT_COLUMNS as H, timesheetMessages } from '@portal/contracts';
import { expectNoSidewaysScroll } from './support/layout';
import { choose, firmToday, monthOf, openAs, PEOPLE } from './support/portal';
import { expect, expectNoAxeViolations, test } from './support/test';

/* /admin/import, timesheet history (issue 25): Carlos's past time on project 12, on a phone. */

const CARLOS = 3;
const PROJECT = 12;
const ACTIVITY = 'Imported history E2E';
const HEADINGS = [H.employeeId, H.projectId, H.date, H.comment, H.hours].map((c) => c.heading).join(',');
const csv = (lines: readonly string[]) => ({
  name: 'timesheet-history.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADINGS, ...lines].join('\r\n')),
});

test('an admin on a phone checks a timesheet history file, sees its problems, then applies a good one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Days of a month a year and a half back: far outside the timesheet form's window.
  const month = monthOf(firmToday(), -18);
  await openAs(page, PEOPLE.alice, '/admin/import');
  await choose(page.locator('main'), page, 'What the file holds', 'Timesheet history (past time entries)');
  await expect(page.getByText(/Columns: Staff ID, Project ID, Date, Activity Comment/)).toBeVisible();

  const file = page.getByLabel('File (xlsx or CSV)');
  await file.setInputFiles(
    csv([`${CARLOS},${PROJECT},${month}-02,${ACTIVITY},7.25`, `999,${PROJECT},${month}-03,${ACTIVITY},4`]),
  );
  // On a phone the problems table is a list, one problem a card.
  const problems = page.getByRole('list', { name: 'Problems found in the file' });
  await expect(
    problems.getByRole('listitem').filter({ hasText: timesheetMessages.historyPersonUnknown(999) }),
  ).toContainText('Staff ID');
  await expect(problems.getByRole('listitem').filter({ hasText: 'Row: 2' })).toContainText('Hours');
  await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'timesheet history problems on a phone');
  await expectNoAxeViolations(page, 'timesheet history, problems listed');

  await file.setInputFiles(
    csv([
      `${CARLOS},${PROJECT},${month}-02,${ACTIVITY},7.5`,
      `${CARLOS},${PROJECT},${month}-03,${ACTIVITY},8`,
    ]),
  );
  // The run's data is shared: a second run finds the rows there already.
  await expect(
    page.getByText(/2 rows read: applying it would (create 2|create 0, would change 0, would leave 2)/),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'timesheet history checked');
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Applied timesheet-history\.csv/ })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSidewaysScroll(page, 'timesheet history applied on a phone');
  await expectNoAxeViolations(page, 'timesheet history applied');
});
