import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';
import {
  addDays,
  choose,
  ExpenseFormScreen,
  mondayOf,
  PEOPLE,
  PROJECTS,
  tableDate,
  TimesheetScreen,
  firmToday,
  toast,
} from './support/portal';

/**
 * The shared form fields (issue 13): hours and amounts open the decimal keyboard and say their
 * step rule beside the field; the day rows fit their card at desktop and phone widths; the expense
 * form shows the claimed amount and its rate before Submit. Carlos's project 33 in the week after
 * next is used by this file only (the other files write this week and next; the seeded history
 * lies in the past).
 */

const today = firmToday();
/** The week after next: no other file writes there. */
const laterWeek = [0, 1, 2, 3, 4].map((i) => addDays(mondayOf(today), 14 + i));
/** Fifty characters without a space: the longest comment, and the hardest to wrap. */
const LONG_COMMENT = 'Pipelineintegrityreviewofthenorthernsegmentatmile4';

/** Whether `inner` lies within `outer` (to the pixel). */
async function expectInside(inner: Locator, outer: Locator): Promise<void> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect(a && b, 'both are shown').toBeTruthy();
  if (!a || !b) return;
  expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
}

test.describe('form fields as Carlos', () => {
  test('hours open the decimal keyboard; 7.25 says the step of 0.1 beside the field and nothing is saved', async ({
    page,
  }) => {
    const screen = new TimesheetScreen(page);
    const project = PROJECTS[33];
    const day = laterWeek[0];
    await screen.openAs(PEOPLE.carlos);
    await screen.chooseProject(project);
    await screen.clickDay(day);

    const hours = screen.hoursFor(day);
    await expect(hours).toHaveAttribute('inputmode', 'decimal');
    await expect(screen.entry.getByRole('textbox', { name: 'Hours for all days' })).toHaveAttribute(
      'inputmode',
      'decimal',
    );
    await hours.fill('7.25');
    await hours.blur();
    // Said when leaving the field, and the value is kept as typed (never rounded behind one's back).
    await expect(hours).toHaveValue('7.25');
    await expect(hours).toHaveAttribute('aria-invalid', 'true');
    await expect(hours).toHaveAccessibleDescription(/Hours must be in steps of 0\.1/);

    await screen.commentFor(day).fill('Valve inspection');
    await screen.save();
    await expect(screen.entry.getByText('Hours must be in steps of 0.1')).toBeVisible();
    await expect(toast(page, 'Timesheet has been saved!')).toHaveCount(0);

    // Nothing reached the server.
    await screen.open();
    await screen.filter(project, day, day);
    await expect(screen.saved.getByText('Records not found')).toBeVisible();
  });

  test('the Edit Timesheet modal changes hours in steps of 0.5: 7.3 is refused, 7.5 saved', async ({
    page,
  }) => {
    const screen = new TimesheetScreen(page);
    const project = PROJECTS[33];
    const day = laterWeek[1];
    await screen.openAs(PEOPLE.carlos);
    await screen.chooseProject(project);
    await screen.clickDay(day);
    await screen.typeNumber(screen.hoursFor(day), '8');
    await screen.commentFor(day).fill(LONG_COMMENT);
    await screen.save();
    await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();

    await screen.filter(project, day, day);
    await screen.grid.getByRole('button', { name: `Edit ${project} on ${tableDate(day)}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Timesheet' });
    await expect(edit.getByRole('textbox', { name: 'Activity Comment' })).toHaveValue(LONG_COMMENT);
    // A fifty-character word does not widen the dialog.
    const viewport = page.viewportSize()!;
    expect((await edit.boundingBox())!.width).toBeLessThanOrEqual(viewport.width);

    const hours = edit.getByRole('textbox', { name: 'Hours', exact: true });
    await expect(hours).toHaveAttribute('inputmode', 'decimal');
    await hours.fill('7.3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Hours must be in steps of 0.5')).toBeVisible();
    await expect(hours).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'Timesheet has been updated!')).toHaveCount(0);

    await hours.fill('7.5');
    await expect(edit.getByText('Hours must be in steps of 0.5')).toBeHidden();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Timesheet has been updated!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect.poll(() => screen.cellText(screen.row(project, day), 'Hours')).toBe('7.5');
  });

  for (const width of [1280, 390, 320]) {
    test(`at ${width} px the day rows with a fifty-character comment stay inside their card`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const screen = new TimesheetScreen(page);
      await screen.openAs(PEOPLE.carlos);
      await screen.chooseProject(PROJECTS[33]);
      const days = laterWeek.slice(2, 5);
      for (const day of days) await screen.clickDay(day);

      const card = screen.entry;
      for (const day of days) {
        await screen.commentFor(day).fill(LONG_COMMENT);
        await expect(screen.commentFor(day)).toHaveValue(LONG_COMMENT);
        const row = card.getByRole('row').filter({ has: page.locator(`time[datetime="${day}"]`) });
        const remove = card.getByRole('button', { name: `Remove ${day}`, exact: true });
        await expect(remove).toBeVisible();
        await expect(remove).toBeInViewport();
        await expectInside(row, card);
        await expectInside(remove, card);
        await expectInside(screen.commentFor(day), card);
        await expectInside(screen.hoursFor(day), card);
      }
      await expectNoSidewaysScroll(page);
    });
  }
});

test.describe('the claimed amount before Submit', () => {
  test('shows the converted amount and the rate used, and the saved row agrees', async ({ page }) => {
    const form = new ExpenseFormScreen(page);
    const project = PROJECTS[14]; // invoiced in USD
    // A day before today in this month (the saved list shows this month), else today: its rate.
    const date = today.endsWith('-01') ? today : addDays(today, -1);
    const rateDay = date < today ? `rate of ${tableDate(date)}` : 'latest rate';
    const comment = 'Taxi to the signalling depot, paid in CAD';
    await form.openAs(PEOPLE.carlos);

    await form.choose('Expense Type', 'Parking');
    await form.choose('Project', project);
    const amount = form.field('Amount');
    await expect(amount).toHaveAttribute('inputmode', 'decimal');
    await form.choose('Receipt Currency', 'CAD');
    await amount.fill('123.45');
    await form.field('Date').fill(date);

    const preview = form.entry.getByRole('status').filter({ hasText: 'Expense Claimed:' });
    const pattern = new RegExp(`^Expense Claimed: ([\\d,]+\\.\\d{2}) USD at ([\\d.]+) \\(${rateDay}\\)\\.$`);
    await expect(preview).toHaveText(pattern);
    const [, claimed, rate] = (await preview.innerText()).trim().match(pattern)!;
    expect(claimed).not.toBe('123.45'); // converted from CAD
    await expect(toast(page, 'Expense has been saved.')).toHaveCount(0);

    // A new amount gives a new figure at the same rate.
    await amount.fill('10');
    await expect(preview).toHaveText(
      new RegExp(`^Expense Claimed: [\\d.]+ USD at ${rate.replace('.', '\\.')} `),
    );
    await amount.fill('123.45');
    await expect(preview).toHaveText(pattern);

    await form.entry.getByRole('textbox', { name: 'Comments' }).fill(comment);
    await form.entry.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, 'Expense has been saved.')).toBeVisible();

    await choose(form.saved, page, 'Filter by project', project);
    await form.settled();
    const row = form.row(project, date).filter({ hasText: comment });
    await expect(row).toHaveCount(1);
    expect(await form.cellText(row, 'Claimed')).toBe(`${claimed} USD`);
    await row.getByRole('button', { name: `Edit expense from ${project} on ${tableDate(date)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Expense' });
    await expect(dialog.locator('dd').first()).toContainText(rate);
  });
});
