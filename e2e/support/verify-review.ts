import { expect, type Locator, type Page } from '@playwright/test';
import { choose, EntryScreen } from './portal';

/** 'Oct - 2026', the spec's label of a calendar month ('2026-10'). */
export function periodLabel(of: string): string {
  const name = new Date(`${of}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${name} - ${of.slice(0, 4)}`;
}

/** One of the /verify-review page's two tables (its card and its grid). */
export class VerifyGrid extends EntryScreen {
  constructor(page: Page, section: string, grid: string) {
    super(page, {
      path: '/verify-review',
      heading: 'Verify Timesheet & Expense',
      entry: 'Period and project',
      saved: section,
      grid,
    });
  }

  dayRows(date: string): Locator {
    return this.grid.getByRole('row').filter({ has: this.page.locator(`time[datetime="${date}"]`) });
  }

  dataRows(): Locator {
    return this.grid.getByRole('row').filter({ has: this.page.locator('time') });
  }
}

/** /verify-review (Verify Timesheet & Expense): its selection, its actions and its two tables. */
export class VerifyPage {
  readonly time: VerifyGrid;
  readonly expenses: VerifyGrid;
  readonly selection: Locator;

  constructor(readonly page: Page) {
    this.time = new VerifyGrid(page, 'Contractor Timesheet', 'Contractor timesheet');
    this.expenses = new VerifyGrid(page, 'Expenses', 'Expenses');
    this.selection = page.getByRole('region', { name: 'Period and project' });
  }

  /**
   * Opens the page on a project and one of its periods (by its label), and waits for its time
   * rows. The project comes first: its billing cycle decides which periods are offered, and
   * choosing it moves the period to its newest one.
   */
  async open(period: string, project: string): Promise<void> {
    await this.time.open();
    await choose(this.selection, this.page, 'Project', project);
    await this.choosePeriod(period);
    await this.time.settled();
    await expect(this.time.dataRows().first()).toBeVisible();
  }

  async choosePeriod(label: string): Promise<void> {
    await choose(this.selection, this.page, 'Period', label);
  }

  /** The names of the periods offered, newest first. */
  async periodOptions(): Promise<string[]> {
    await this.selection.getByRole('button', { name: 'Period' }).click();
    const options = this.page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    const names = (await options.allInnerTexts()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('listbox')).toBeHidden();
    return names;
  }

  button(name: string): Locator {
    return this.selection.getByRole('button', { name, exact: true });
  }
}
