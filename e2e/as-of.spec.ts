import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { addDays, monthOf, openAs, PEOPLE, toast, firmToday } from './support/portal';
import { runNow } from './support/test-now';

/**
 * The "as of" views (issue 11) on the demo data, "now" pinned for the run (any pinned date: the
 * month ends of `npm run test:dates` too). The first test is the story on LAST month: an
 * admin approves Sam Sightstream's last month on Archive Migration (22) during the test, then the
 * demo auditor sees that review as of an instant just before the approval (unapproved) and now
 * (approved). Why not the seed's own approval: the seed approves only Carlos's oldest month (two
 * months back), since the other browser tests need last month open (Carlos's and Dana's rows are
 * edited, approved and returned there, Sam's Broadcast Platform is verified); Sam's weekly
 * Archive Migration time is read by no other browser test, so approving it here changes no other
 * test's data. The instant is taken after the seeded rows have shown, rounded up to a second,
 * and the approval waits until "now" has passed it, so the instant falls between the two on any
 * pinned date (even when last month's final days were entered moments ago, at the seed's start).
 */

const SAM = 'Sam Sightstream';
const ARCHIVE = 'Archive Migration';
const AUDITOR = 'Audrey Auditor';

const timeGrid = (page: Page, name: string) => page.getByRole('grid', { name: `Time of ${name}` });
const dataRows = (grid: Locator) => grid.getByRole('row').filter({ has: grid.page().locator('time') });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Nothing can be changed here.' });

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
}

/** The run's "now" rounded up to a whole second, once "now" has passed it (at most a second). */
async function wholeSecondJustPassed(): Promise<Date> {
  const instant = new Date(Math.ceil(runNow().getTime() / 1000) * 1000);
  await expect.poll(() => runNow().getTime() > instant.getTime()).toBe(true);
  return instant;
}

/** What a person types into the 'As of' picker for `instant`, in the browser's time zone. */
function pickerValue(page: Page, instant: Date): Promise<string> {
  return page.evaluate((iso) => {
    const at = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const seconds = at.getSeconds() === 0 ? '' : `:${pad(at.getSeconds())}`;
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}${seconds}`;
  }, instant.toISOString());
}

test.describe('As of: past views of the review and the roster', () => {
  const today = firmToday();
  const yesterday = addDays(today, -1);
  const lastMonth = monthOf(today, -1);
  const reviewOfSam = `/admin/timesheets/review?employeeId=5&projectId=22&month=${lastMonth}`;

  test('an auditor sees last month’s review before an approval (unapproved) and now (approved), read-only in the past', async ({
    page,
  }) => {
    // An approval, a second sign-in and three views: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await openAs(page, PEOPLE.alice, reviewOfSam);
    await settled(page);
    const grid = timeGrid(page, SAM);
    await expect(dataRows(grid).first()).toBeVisible();
    const rows = await dataRows(grid).count();
    await expect(dataRows(grid).filter({ hasText: ARCHIVE })).toHaveCount(rows);
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(0);

    // Every seeded row is in; the instant lies after them and before the approval.
    const beforeApproval = await wholeSecondJustPassed();
    await page
      .getByRole('region', { name: SAM, exact: true })
      .getByRole('button', { name: 'Approve all' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Approve all?' });
    await expect(confirm).toContainText(ARCHIVE);
    await confirm.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(toast(page, 'Expenses Approved Successfully')).toBeVisible();
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(rows);

    // The demo auditor, picked in the dev sign-in with her role beside her name (not admin).
    await page.evaluate(() =>
      (globalThis as unknown as { sessionStorage: { clear(): void } }).sessionStorage.clear(),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).click();
    const auditor = page.getByRole('dialog', { name: 'Sign in as' }).getByRole('button', { name: AUDITOR });
    await expect(auditor).toContainText('audrey.auditor@smartwork.example');
    await expect(auditor.locator('.badge')).toHaveText(['auditor']);
    await auditor.click();
    await expect(page.getByRole('button', { name: `Account menu for ${AUDITOR}` })).toBeVisible();
    // Now: every row approved, and no action.
    await page.goto(reviewOfSam);
    await settled(page);
    await expect(dataRows(grid)).toHaveCount(rows);
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(rows);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve all' })).toHaveCount(0);

    // The picker by keyboard: a date and a time, then Enter.
    const picker = page.getByRole('textbox', { name: 'As of', exact: true });
    await picker.focus();
    await picker.fill(await pickerValue(page, beforeApproval));
    await picker.press('Enter');
    await expect(page).toHaveURL(new RegExp(`asOf=${encodeURIComponent(beforeApproval.toISOString())}`));
    const shown = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso)),
      beforeApproval.toISOString(),
    );
    await expect(banner(page)).toContainText(
      `You are looking at the Contractor Timesheet Review as it stood on ${shown}. Nothing can be changed here.`,
    );
    await settled(page);
    await expect(dataRows(grid)).toHaveCount(rows);
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(0);
    await expect(dataRows(grid).first()).toContainText(ARCHIVE);
    // No action anywhere: no approve, return, edit, downloads, nor rows to choose.
    for (const name of ['Approve all', 'Return…', 'Edit', 'Download Timesheets'])
      await expect(page.getByRole('button', { name, exact: false })).toHaveCount(0);
    await expect(grid.getByRole('checkbox')).toHaveCount(0);

    await banner(page).getByRole('link', { name: 'Back to now' }).click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(banner(page)).toHaveCount(0);
    await settled(page);
    await expect(dataRows(grid).filter({ hasText: 'Approved' })).toHaveCount(rows);
  });

  test('the roster as of an instant shows the banner and nothing to tick or save', async ({ page }) => {
    await openAs(page, PEOPLE.alice, `/empRoster?asOf=${yesterday}T12:00:00.000Z`);
    await expect(banner(page)).toContainText(
      'You are looking at the Employee - Project Roster as it stood on',
    );
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('grid').getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  });
});
