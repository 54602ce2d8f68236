import { expect, type Locator, type Page } from '@playwright/test';
import { openAs } from './sign-in';
import { runNow, testTimeZone } from './test-now';

export { openAs, sessionToken, signInAs, signInInstead } from './sign-in';

/**
 * Shared steps of the browser tests: dev sign-in, business dates (days of the test portal's time
 * zone, America/Edmonton by default, the same ones the portal's rules use) and reading numbers the way a person reads them off the screen.
 */

export const PEOPLE = {
  alice: 'Alice Admin',
  carlos: 'Carlos Contractor',
} as const;

/** Demo project names (services/portal/src/seed/demo-data.ts). */
export const PROJECTS = {
  12: 'Pipeline Integrity Review',
  14: 'Transit Signalling Upgrade',
  33: 'Fort McMurray Relocation',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** Today's business date: 'YYYY-MM-DD' of the run's "now" in the test portal's zone (`testTimeZone()`). */
export function firmToday(): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: testTimeZone() }).format(runNow());
}

export function addDays(date: string, days: number): string {
  return new Date(utcDay(date).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the week of `date` (weeks start on Monday). */
export function mondayOf(date: string): string {
  const weekday = utcDay(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** 'YYYY-MM' of the month `offset` months away from the month of `date`. */
export function monthOf(date: string, offset = 0): string {
  const day = utcDay(date);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/**
 * The current period of a 'Fixed Offset (26 to 25)' project: the 26th of the previous month to
 * the 25th, named by the month it ends in ('Nov - 2026').
 */
export function fixedOffsetPeriod(date: string) {
  const endMonth = Number(date.slice(8, 10)) >= 26 ? monthOf(date, 1) : monthOf(date);
  const month = utcDay(`${endMonth}-01`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  return {
    key: endMonth,
    label: `${month} - ${endMonth.slice(0, 4)}`,
    start: `${monthOf(`${endMonth}-01`, -1)}-26`,
    end: `${endMonth}-25`,
  };
}

/** How the month pickers and the tables of months name a month: 'Nov 2026'. */
export function shortMonthLabel(month: string): string {
  return utcDay(`${month}-01`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** How the calendar names a month: 'November 2026'. */
export function monthHeading(month: string): string {
  return utcDay(`${month}-01`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const MONTH_NAMES = Array.from({ length: 12 }, (_, i) =>
  monthHeading(`2000-${String(i + 1).padStart(2, '0')}`).replace(/ \d+$/, ''),
);
/** The calendar grid is named by its label and the month it shows: 'Days, November 2026'. */
const SHOWN_MONTH = new RegExp(`, (${MONTH_NAMES.join('|')}) (\\d{4})$`);

/** The month calendar in `scope`; its name ends with the month it shows. */
export function calendarGrid(scope: Locator, month?: string): Locator {
  return scope.getByRole('grid', { name: month ? new RegExp(`, ${monthHeading(month)}$`) : SHOWN_MONTH });
}

/**
 * Pages the month calendar in `scope` to the month of `date`, reading the month it shows from its
 * name (never assuming which month that is).
 */
export async function showMonth(scope: Locator, date: string): Promise<void> {
  const grid = calendarGrid(scope);
  const target = monthOf(date);
  for (let step = 0; step < 24; step++) {
    const name = (await grid.getAttribute('aria-label')) ?? '';
    const [, monthName = '', year = ''] = SHOWN_MONTH.exec(name) ?? [];
    const shown = `${year}-${String(MONTH_NAMES.indexOf(monthName) + 1).padStart(2, '0')}`;
    if (shown === target) return;
    await scope.getByRole('button', { name: shown > target ? 'Previous month' : 'Next month' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', name);
  }
  await expect(calendarGrid(scope, target)).toBeVisible();
}

/** Clicks a day of the month calendar in `scope` (Shift held for a range), paging to its month first. */
export async function clickCalendarDay(
  scope: Locator,
  date: string,
  options: { shift?: boolean } = {},
): Promise<void> {
  await showMonth(scope, date);
  await scope
    .getByRole('button', { name: calendarDayName(date) })
    .click({ modifiers: options.shift ? ['Shift'] : [] });
}

/** The calendar's name for a day: 'Monday, November 9, 2026'. */
export function calendarDayName(date: string): string {
  return utcDay(date).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The tables' date: 'Tue Jan 05', with its year ('Tue Jan 05, 2027') when that is not the run's. */
export function tableDate(date: string): string {
  const day = utcDay(date);
  const weekday = day.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  const month = day.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  const shown = `${weekday} ${month} ${String(day.getUTCDate()).padStart(2, '0')}`;
  return date.slice(0, 4) === firmToday().slice(0, 4) ? shown : `${shown}, ${date.slice(0, 4)}`;
}

/** A number as shown on screen ('8,000.00', '7.5') in hundredths, so comparisons stay exact. */
export function hundredths(text: string): number {
  const cleaned = text.replace(/[^0-9.-]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return cleaned.startsWith('-') ? -value : value;
}

/** A toast (the notification region shows each one as an alert dialog named by its text). */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alertdialog', { name: text, exact: true });
}

/** Chooses an option of a labelled select (button + listbox popover). */
export async function choose(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  const listbox = page.getByRole('listbox');
  const choice = listbox.getByRole('option', { name: option, exact: true });
  // A click on a choice whose screen is still settling on a loaded machine (its options arriving,
  // a load error going) can leave it closed: click again, as a person would.
  await expect(async () => {
    if (!(await listbox.isVisible())) await scope.getByRole('button', { name: label }).click();
    await expect(choice).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await choice.click();
  await expect(listbox).toBeHidden();
}

/** What the timesheet and expense screens share: an entry form, a saved list and its grid. */
export class EntryScreen {
  readonly entry: Locator;
  readonly saved: Locator;
  readonly grid: Locator;

  constructor(
    protected readonly page: Page,
    private readonly names: { path: string; heading: string; entry: string; saved: string; grid: string },
  ) {
    this.entry = page.getByRole('region', { name: names.entry });
    this.saved = page.getByRole('region', { name: names.saved });
    this.grid = page.getByRole('grid', { name: names.grid });
  }

  async open(): Promise<void> {
    await this.page.goto(this.names.path);
    await expect(this.page.getByRole('heading', { name: this.names.heading, level: 1 })).toBeVisible();
  }

  /** Signs in as `name` straight onto this screen (`openAs`) and waits for its heading. */
  async openAs(name: string): Promise<void> {
    await openAs(this.page, name, this.names.path);
    await expect(this.page.getByRole('heading', { name: this.names.heading, level: 1 })).toBeVisible();
  }

  async typeNumber(field: Locator, value: string): Promise<void> {
    await field.fill(value);
    await field.blur();
    await expect(field).toHaveValue(value);
  }

  /** Waits until no call is under way (the global progress bar is gone), so the list is current. */
  async settled(): Promise<void> {
    await expect(this.page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  }

  /** The data row of one project on one day (found by its edit or delete button, or its text). */
  row(project: string, date: string): Locator {
    return this.grid
      .getByRole('row')
      .filter({ hasText: project })
      .filter({ has: this.page.locator(`time[datetime="${date}"]`) });
  }

  /** The index of a column by its header text. */
  async columnIndex(header: string): Promise<number> {
    const headers = (await this.grid.getByRole('columnheader').allInnerTexts()).map((h) =>
      h.replace(/[▲▼⇅]/g, '').trim(),
    );
    const index = headers.indexOf(header);
    expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
    return index;
  }

  totalRow(): Locator {
    return this.grid.getByRole('row').filter({ hasText: /^Total/ });
  }

  /** Waits until the Total row shows these hours and this value (both in hundredths). */
  async expectTotals(hours: number, value: number): Promise<void> {
    const hoursColumn = await this.columnIndex('Hours');
    const valueColumn = await this.columnIndex('Value');
    await expect
      .poll(async () => {
        const total = this.totalRow();
        if ((await total.count()) !== 1) return null;
        const cells = total.getByRole('gridcell');
        const texts = await cells.allInnerTexts();
        // The first footer cell may be a row header rather than a grid cell.
        const offset = (await total.getByRole('rowheader').count()) > 0 ? 1 : 0;
        return {
          hours: hundredths(texts[hoursColumn - offset] ?? ''),
          value: hundredths(texts[valueColumn - offset] ?? ''),
        };
      })
      .toEqual({ hours, value });
  }

  async cellText(row: Locator, header: string): Promise<string> {
    const index = await this.columnIndex(header);
    const offset = (await row.getByRole('rowheader').count()) > 0 ? 1 : 0;
    return (
      await row
        .getByRole('gridcell')
        .nth(index - offset)
        .innerText()
    ).trim();
  }
}

/** The timesheet screen: entry form and saved list. */
export class TimesheetScreen extends EntryScreen {
  constructor(page: Page) {
    super(page, {
      path: '/timesheets/create',
      heading: 'Timesheets',
      entry: 'Add Timesheet',
      saved: 'Saved Timesheets',
      grid: 'Saved timesheets',
    });
  }

  async chooseProject(name: string): Promise<void> {
    await choose(this.entry, this.page, 'Project', name);
    await expect(this.entry.getByRole('button', { name: 'Project' })).toContainText(name);
  }

  /** Clicks a day in the calendar (Shift held for a range), paging to its month first. */
  async clickDay(date: string, options: { shift?: boolean } = {}): Promise<void> {
    await clickCalendarDay(this.entry, date, options);
  }

  hoursFor(date: string): Locator {
    return this.entry.getByRole('textbox', { name: `Hours for ${date}`, exact: true });
  }

  commentFor(date: string): Locator {
    return this.entry.getByRole('textbox', { name: `Activity Comment for ${date}`, exact: true });
  }

  async save(): Promise<void> {
    await this.entry.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Shows the saved rows of one project between two days (custom range). */
  async filter(project: string, from: string, to: string): Promise<void> {
    await choose(this.saved, this.page, 'Period', 'Custom range');
    await this.saved.getByRole('textbox', { name: 'From', exact: true }).fill(from);
    await this.saved.getByRole('textbox', { name: 'To', exact: true }).fill(to);
    await choose(this.saved, this.page, 'Filter by project', project);
    await expect(this.saved.getByRole('button', { name: 'Filter by project' })).toContainText(project);
    await this.settled();
  }

  dataRows(project: string): Locator {
    return this.grid.getByRole('row').filter({ hasText: project });
  }
}

/** The expense screen's entry form: its selects and text boxes by label. */
export class ExpenseFormScreen extends EntryScreen {
  constructor(page: Page) {
    super(page, {
      path: '/expenses/create',
      heading: 'Expenses',
      entry: 'Add Expense',
      saved: 'Saved Expenses',
      grid: 'Saved expenses',
    });
  }

  async choose(label: string, option: string): Promise<void> {
    await choose(this.entry, this.page, label, option);
    await expect(this.entry.getByRole('button', { name: label })).toContainText(option);
  }

  field(label: string): Locator {
    return this.entry.getByRole('textbox', { name: label, exact: true });
  }
}
