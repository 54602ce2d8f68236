import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';
import {
  addDays,
  calendarDayName,
  choose,
  openAs,
  PEOPLE,
  showMonth,
  signInInstead,
  toast,
  firmToday,
} from './support/portal';

// Dates count from the run's pinned "now" (within the timesheet calendar's two months ahead).
const today = firmToday();
const day = (n: number) => addDays(today, n);

function addLeaveForm(page: Page): Locator {
  return page.getByRole('region', { name: 'Add Leave' });
}

function leavesTable(page: Page): Locator {
  return page.getByRole('region', { name: 'Leaves' });
}

async function fillLeave(
  scope: Locator,
  page: Page,
  leave: { type: string; from: string; to: string; notes: string },
): Promise<void> {
  await choose(scope, page, 'Leave Type', leave.type);
  await scope.getByLabel('From', { exact: true }).fill(leave.from);
  await scope.getByLabel('To', { exact: true }).fill(leave.to);
  await scope.getByLabel('Notes', { exact: true }).fill(leave.notes);
}

async function addLeave(page: Page, leave: { type: string; from: string; to: string; notes: string }) {
  const form = addLeaveForm(page);
  await fillLeave(form, page, leave);
  await form.getByRole('button', { name: 'Submit' }).click();
}

test.describe('leave', () => {
  test('a person adds leave, is refused an overlap, edits it, sees it in the timesheet calendar, and deletes it', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/leave/leave-request');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Leave Form' })).toHaveAttribute(
      'href',
      '/leave/leave-request',
    );
    await expect(page.getByRole('heading', { name: 'Leave Form', level: 1 })).toBeVisible();
    await expect(leavesTable(page).getByText('No leave yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'leave form, empty');

    // Nothing filled in: each field says so beside it, and nothing is saved.
    const form = addLeaveForm(page);
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const message of [
      'Leave Type is required.',
      'From is required.',
      'To is required.',
      'Notes is required.',
    ])
      await expect(form.getByText(message, { exact: true })).toBeVisible();

    // To before From is refused beside To.
    await fillLeave(form, page, { type: 'Vacation', from: day(12), to: day(10), notes: 'Ski trip' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('To must not be before From.', { exact: true })).toBeVisible();

    // Added: a toast, the form starts empty again, the list shows it.
    await form.getByLabel('To', { exact: true }).fill(day(12));
    await form.getByLabel('From', { exact: true }).fill(day(10));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Leave has been added.')).toBeVisible();
    await expect(form.getByLabel('Notes', { exact: true })).toHaveValue('');
    const row = leavesTable(page).getByRole('row').filter({ hasText: 'Ski trip' });
    await expect(row).toContainText('Vacation');
    await expect(row).toContainText(day(10));
    await expect(row).toContainText(day(12));

    // Overlapping one of the person's own: refused, naming the other leave.
    await addLeave(page, { type: 'Sick', from: day(12), to: day(13), notes: 'Flu' });
    const overlap = `This leave overlaps your Vacation leave from ${day(10)} to ${day(12)}.`;
    await expect(form.getByText(overlap, { exact: true })).toBeVisible();
    await expect(leavesTable(page).getByRole('row').filter({ hasText: 'Flu' })).toHaveCount(0);

    // Edited in a dialog: the list shows the change.
    await leavesTable(page)
      .getByRole('button', { name: `Edit Vacation leave from ${day(10)} to ${day(12)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Leave' });
    await expect(dialog.getByLabel('Notes', { exact: true })).toHaveValue('Ski trip');
    await dialog.getByLabel('Notes', { exact: true }).fill('Ski trip with family');
    await dialog.getByLabel('To', { exact: true }).fill(day(11));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Leave has been updated.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const edited = leavesTable(page).getByRole('row').filter({ hasText: 'Ski trip with family' });
    await expect(edited).toContainText(day(11));
    await expectNoAxeViolations(page, 'leave form with a leave');

    // The timesheet calendar marks the leave days, by name and visibly.
    await page.goto('/timesheets/create');
    const entry = page.getByRole('main');
    await showMonth(entry, day(10));
    for (const date of [day(10), day(11)]) {
      const cell = entry.getByRole('button', { name: `${calendarDayName(date)}, On leave (Vacation)` });
      await expect(cell).toBeVisible();
      await expect(cell).toHaveAttribute('title', 'On leave (Vacation)');
    }
    await showMonth(entry, day(12));
    await expect(
      entry.getByRole('button', { name: new RegExp(`^${calendarDayName(day(12))}`) }),
    ).not.toHaveAccessibleName(/On leave/);

    // Deleted after a question; No keeps it.
    await page.goto('/leave/leave-request');
    const deleteButton = leavesTable(page).getByRole('button', {
      name: `Delete Vacation leave from ${day(10)} to ${day(11)}`,
    });
    await deleteButton.click();
    const question = page.getByRole('alertdialog', { name: 'Delete leave' });
    await expect(question).toContainText(
      `Are you sure you want to delete your Vacation leave from ${day(10)} to ${day(11)}?`,
    );
    await question.getByRole('button', { name: 'No' }).click();
    await expect(edited).toBeVisible();
    await deleteButton.click();
    await page
      .getByRole('alertdialog', { name: 'Delete leave' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(toast(page, 'Leave has been deleted.')).toBeVisible();
    await expect(leavesTable(page).getByText('No leave yet.')).toBeVisible();
  });

  test('an admin sees the team’s leave for a period, filtered by person', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/leave/leave-request');
    await addLeave(page, { type: 'Work From Home', from: day(20), to: day(22), notes: 'Renovation' });
    await expect(toast(page, 'Leave has been added.')).toBeVisible();

    await signInInstead(page, PEOPLE.alice);
    await page.goto('/admin/leave');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Team Leave' })).toHaveAttribute('href', '/admin/leave');
    await expect(page.getByRole('heading', { name: 'Team Leave', level: 1 })).toBeVisible();
    const filters = page.getByRole('region', { name: 'Period and person' });
    await filters.getByLabel('Start', { exact: true }).fill(day(15));
    await filters.getByLabel('End', { exact: true }).fill(day(45));
    const team = page.getByRole('grid', { name: 'Team leave' });
    const row = team.getByRole('row').filter({ hasText: 'Carlos Contractor' });
    await expect(row).toContainText('Work From Home');
    await expect(row).toContainText(day(20));
    await expect(row).toContainText('Renovation');
    // The day-by-day calendar names who is away on each day of the leave.
    const byDay = page.getByRole('region', { name: 'Day by day' });
    for (const date of [day(20), day(21), day(22)])
      await expect(
        byDay.getByRole('listitem').filter({ has: page.locator(`time[datetime="${date}"]`) }),
      ).toContainText('Carlos Contractor');
    await expect(byDay.locator(`time[datetime="${day(23)}"]`)).toHaveCount(0);
    // Read only: no edit or delete for anyone's leave here.
    await expect(team.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expectNoAxeViolations(page, 'team leave');

    await choose(filters, page, 'Person', PEOPLE.alice);
    await expect(page.getByText('Nobody is on leave in this period.')).toBeVisible();
    await choose(filters, page, 'Person', PEOPLE.carlos);
    await expect(row).toBeVisible();

    // A period that ends before it starts is refused beside End.
    await filters.getByLabel('End', { exact: true }).fill(day(10));
    await expect(filters.getByText('End must not be before Start.', { exact: true })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 320, height: 640 } });

    test('the leave form fits 320 px and can be sent', async ({ page }) => {
      await openAs(page, PEOPLE.carlos, '/leave/leave-request');
      await addLeave(page, { type: 'Personal', from: day(30), to: day(30), notes: 'Appointment' });
      await expect(toast(page, 'Leave has been added.')).toBeVisible();
      await expect(page.getByText('Appointment').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  });
});
