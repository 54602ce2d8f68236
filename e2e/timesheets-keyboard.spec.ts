import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  addDays,
  calendarDayName,
  mondayOf,
  calendarGrid,
  monthOf,
  PEOPLE,
  PROJECTS,
  tableDate,
  TimesheetScreen,
  firmToday,
  toast,
} from './support/portal';

/**
 * Timesheet entry by keyboard alone: after the sign-in, every step of the entry (project, days,
 * hours, comments, Save) and of the list's filters is done with page.keyboard only, no click and
 * no fill. Carlos enters project 12 on Monday to Thursday of NEXT week: the other tests use
 * projects 14 and 33 this week and last week, the seeded history (12, 45, 61) stops yesterday,
 * and next week is inside the two-month window and not a late entry.
 */

const today = firmToday();
const nextMonday = addDays(mondayOf(today), 7);
const days = [0, 1, 2, 3].map((i) => addDays(nextMonday, i));
const project = PROJECTS[12];

/** Whether `target` holds the keyboard focus right now. */
async function hasFocus(page: Page, target: Locator): Promise<boolean> {
  return (await target.and(page.locator(':focus')).count()) > 0;
}

/** Presses `key` (Tab, Shift+Tab, an arrow...) until `target` has the focus, at most `max` times. */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max && !(await hasFocus(page, target)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/** Opens a focused select with the keyboard and picks `option` with the arrows and Enter. */
async function chooseByKeyboard(page: Page, trigger: Locator, option: string): Promise<void> {
  await expect(trigger).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await pressUntilFocused(page, 'ArrowDown', listbox.getByRole('option', { name: option, exact: true }), 20);
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(trigger).toContainText(option);
  await expect(trigger).toBeFocused();
}

/** Moves the calendar's focus from day `from` to a later day `to`: a week per ArrowDown, then days. */
async function arrowToDay(page: Page, from: string, to: string): Promise<void> {
  const span = Math.round((Date.parse(to) - Date.parse(from)) / (24 * 60 * 60 * 1000));
  expect(span, `${to} is not before ${from}`).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < Math.floor(span / 7); i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < span % 7; i++) await page.keyboard.press('ArrowRight');
}

/**
 * Checks that the calendar marks every day of `days` as selected, month by month: PageUp shows the
 * month before (react-aria moves the focus a month back), PageDown brings the focus back to `focused`.
 */
async function expectSelectedByKeyboard(
  page: Page,
  scope: Locator,
  days: readonly string[],
  focused: string,
) {
  const shown = calendarGrid(scope, monthOf(focused));
  await expect(shown).toBeVisible();
  const cell = (date: string) => scope.getByRole('button', { name: calendarDayName(date) });
  const months = [...new Set(days.map((d) => monthOf(d)))].sort().reverse();
  let back = 0;
  for (const month of months) {
    while (monthOf(focused, -back) > month) {
      await page.keyboard.press('PageUp');
      back++;
    }
    await expect(calendarGrid(scope, month)).toBeVisible();
    for (const day of days.filter((d) => monthOf(d) === month)) {
      await expect(cell(day)).toHaveAttribute('data-selected', 'true');
    }
  }
  for (; back > 0; back--) await page.keyboard.press('PageDown');
  await expect(shown).toBeVisible();
  await expect(cell(focused)).toBeFocused();
}

/** Types a date into a focused native date field (en-US segments: month, day, year). */
async function typeDate(page: Page, field: Locator, date: string): Promise<void> {
  await expect(field).toBeFocused();
  const [year, month, day] = date.split('-');
  await page.keyboard.type(`${month}${day}${year}`);
  await expect(field).toHaveValue(date);
}

test.describe('timesheets by keyboard alone', () => {
  test('project, a day and a Shift+Enter range, hours for all, comments and Save, then the list', async ({
    page,
  }) => {
    const screen = new TimesheetScreen(page);
    const keyboard = page.keyboard;
    await screen.openAs(PEOPLE.carlos);

    // Project: Tab to the select, open it and choose with the arrows and Enter.
    const projectButton = screen.entry.getByRole('button', { name: 'Project' });
    await pressUntilFocused(page, 'Tab', projectButton);
    // The focus is visible: react-aria marks keyboard focus and the ring is drawn.
    await expect(projectButton).toHaveAttribute('data-focus-visible', 'true');
    await expect(projectButton).not.toHaveCSS('box-shadow', 'none');
    await chooseByKeyboard(page, projectButton, project);

    // Days: Tab into the grid (the focus lands on today), arrow to next Monday, Enter.
    const grid = screen.entry.getByRole('grid', { name: /^Days/ });
    await pressUntilFocused(page, 'Tab', grid.locator(':focus'), 10);
    const todayCell = grid.getByRole('button', { name: calendarDayName(today) });
    await expect(todayCell).toBeFocused();
    await expect(todayCell).toHaveAttribute('data-focus-visible', 'true');
    await expect(todayCell).not.toHaveCSS('box-shadow', 'none');

    const cell = (date: string) => screen.entry.getByRole('button', { name: calendarDayName(date) });
    await arrowToDay(page, today, nextMonday);
    await expect(cell(nextMonday)).toBeFocused();
    await keyboard.press('Enter');
    await expect(screen.hoursFor(nextMonday)).toBeVisible();
    await expect(screen.entry.getByRole('textbox', { name: /^Hours for \d{4}-/ })).toHaveCount(1);

    // Shift+Enter on Thursday adds the range from Monday.
    await arrowToDay(page, nextMonday, days[3]);
    await expect(cell(days[3])).toBeFocused();
    await keyboard.press('Shift+Enter');
    for (const day of days) await expect(screen.hoursFor(day)).toBeVisible();
    await expect(screen.entry.getByRole('textbox', { name: /^Hours for \d{4}-/ })).toHaveCount(4);
    // The range may reach into the month before the one shown (Monday the 30th, Thursday the 3rd).
    await expectSelectedByKeyboard(page, screen.entry, days, days[3]);

    // Hours for all days, then Apply hours to all (Space).
    const hoursForAll = screen.entry.getByRole('textbox', { name: 'Hours for all days' });
    await pressUntilFocused(page, 'Tab', hoursForAll, 10);
    await keyboard.type('7.5');
    const apply = screen.entry.getByRole('button', { name: 'Apply hours to all' });
    await pressUntilFocused(page, 'Tab', apply, 3);
    await expect(hoursForAll).toHaveValue('7.5');
    await keyboard.press('Space');
    for (const day of days) await expect(screen.hoursFor(day)).toHaveValue('7.5');

    // A comment for each day, reached with Tab in order.
    for (const [i, day] of days.entries()) {
      await pressUntilFocused(page, 'Tab', screen.commentFor(day), 10);
      await keyboard.type(`Pipeline inspection by keyboard, day ${i + 1}`);
      await expect(screen.commentFor(day)).toHaveValue(`Pipeline inspection by keyboard, day ${i + 1}`);
    }

    // Save with Enter.
    const save = screen.entry.getByRole('button', { name: 'Save', exact: true });
    await pressUntilFocused(page, 'Tab', save, 10);
    await expect(save).toHaveAttribute('data-focus-visible', 'true');
    await keyboard.press('Enter');
    await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();
    await expect(screen.entry.getByRole('textbox', { name: /^Hours for \d{4}-/ })).toHaveCount(0);

    // The saved list, filtered by keyboard: custom range over those days and the project.
    const period = screen.saved.getByRole('button', { name: 'Period' });
    await pressUntilFocused(page, 'Tab', period);
    await chooseByKeyboard(page, period, 'Custom range');
    const from = screen.saved.getByRole('textbox', { name: 'From', exact: true });
    await pressUntilFocused(page, 'Tab', from, 3);
    await typeDate(page, from, days[0]);
    const to = screen.saved.getByRole('textbox', { name: 'To', exact: true });
    await pressUntilFocused(page, 'Tab', to, 5);
    await typeDate(page, to, days[3]);
    const projectFilter = screen.saved.getByRole('button', { name: 'Filter by project' });
    await pressUntilFocused(page, 'Tab', projectFilter, 5);
    await chooseByKeyboard(page, projectFilter, project);
    await screen.settled();

    await expect(screen.dataRows(project)).toHaveCount(4);
    for (const [i, day] of days.entries()) {
      const row = screen.row(project, day);
      await expect(row).toContainText(tableDate(day));
      await expect(row).toContainText(`Pipeline inspection by keyboard, day ${i + 1}`);
      expect(await screen.cellText(row, 'Hours')).toBe('7.5');
      expect(await screen.cellText(row, 'Value')).toBe('1,500.00');
    }
    // 4 x 7.5 h = 30 h; 30 h x 200 = 6,000.00.
    await screen.expectTotals(30_00, 6_000_00);
  });
});
