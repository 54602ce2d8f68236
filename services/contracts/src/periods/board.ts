import {
  addDays,
  daysBetween,
  endOfMonth,
  monthNameOf,
  type BusinessDate,
  type BusinessMonth,
} from '../kernel/dates';
import { canadaHolidays, unitedStatesHolidays } from '../holidays/holidays';
import type { PeriodStateName } from './review';

/**
 * The period board of /home (issue 8): where each person's projects stand for the current and the
 * previous month. The board's periods are calendar months, as verification and its locks are.
 */

/** How many of a cell's rows stand in each state (time entries and expenses together). */
export interface StateCounts {
  readonly entered: number;
  readonly verified: number;
  readonly approved: number;
  readonly returned: number;
}

export const NO_ROWS: StateCounts = { entered: 0, verified: 0, approved: 0, returned: 0 };

/**
 * Where a project's month stands: nothing entered; else returned while any row is returned (the
 * person has work to do); else its least advanced state (entered before verified before approved).
 */
export function periodStateOf(counts: StateCounts): PeriodStateName {
  if (counts.returned > 0) return 'returned';
  if (counts.entered > 0) return 'entered';
  if (counts.verified > 0) return 'verified';
  if (counts.approved > 0) return 'approved';
  return 'nothing';
}

export function addCounts(a: StateCounts, b: StateCounts): StateCounts {
  return {
    entered: a.entered + b.entered,
    verified: a.verified + b.verified,
    approved: a.approved + b.approved,
    returned: a.returned + b.returned,
  };
}

/**
 * The days of a holiday in either country: the firm works in both, and a person's country is not
 * on their record, so a day off in either is never counted as a missing working day.
 */
function holidaysOf(years: readonly number[]): ReadonlySet<string> {
  const days = new Set<string>();
  for (const year of years)
    for (const holiday of [...unitedStatesHolidays(year), ...canadaHolidays(year)]) days.add(holiday.date);
  return days;
}

/** 0 = Sunday … 6 = Saturday, for a business date (no time zone involved). */
function weekdayOf(date: BusinessDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The working days from `first` to `last`, inclusive: Monday to Friday, not a holiday in either
 * country (the missing-time reminders ask about the last week's).
 */
export function workingDaysBetween(first: BusinessDate, last: BusinessDate): BusinessDate[] {
  if (last < first) return [];
  const years: number[] = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) years.push(year);
  const holidays = holidaysOf(years);
  return daysBetween(first, last).filter((day) => {
    const weekday = weekdayOf(day);
    return weekday !== 0 && weekday !== 6 && !holidays.has(day);
  });
}

/**
 * The working days of a month that have passed by `today` (today itself is not over, so it never
 * counts): Monday to Friday, not a holiday in either country.
 */
export function passedWorkingDays(month: BusinessMonth, today: BusinessDate): BusinessDate[] {
  const first = `${month}-01`;
  const last = endOfMonth(first);
  return workingDaysBetween(first, last < today ? last : addDays(today, -1));
}

/** The passed working days of the month without any time entry (any project). */
export function missingWorkingDays(
  month: BusinessMonth,
  today: BusinessDate,
  enteredDays: ReadonlySet<string>,
): BusinessDate[] {
  return passedWorkingDays(month, today).filter((day) => !enteredDays.has(day));
}

// ---------------------------------------------------------------------------------------------
// GET /api/periods/board

export interface BoardCell {
  readonly month: BusinessMonth;
  readonly state: PeriodStateName;
  readonly counts: StateCounts;
  readonly hours: string;
  readonly expensesClaimed: string;
  readonly lateEntries: number;
  /**
   * While rows are returned: the reason of the latest return among the cell's returned time
   * entries, or, when none of its time is returned, among its returned expenses.
   */
  readonly returnReason: string | null;
}

export interface BoardRow {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly ownerId: number;
  readonly projectId: number;
  readonly projectName: string;
  /** [previous month, current month]. */
  readonly cells: readonly [BoardCell, BoardCell];
}

export interface BoardPerson {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly ownerId: number;
  /** Missing working days of [previous month, current month]. */
  readonly missingDays: readonly [readonly BusinessDate[], readonly BusinessDate[]];
}

export interface BoardOwnerTotals {
  readonly ownerId: number;
  readonly people: number;
  readonly hours: string;
  readonly expensesClaimed: string;
  /** How many person-project cells of the current month stand in each state. */
  readonly cells: Readonly<Record<PeriodStateName, number>>;
}

/** One thing the person still has to do, in the order they should do it. */
export interface BoardTask {
  readonly kind: 'fix-returned' | 'enter-missing-days' | 'verify';
  readonly month: BusinessMonth;
  readonly projectId: number | null;
  readonly text: string;
}

export interface PeriodBoard {
  /** [previous month, current month]. */
  readonly months: readonly [BusinessMonth, BusinessMonth];
  readonly rows: readonly BoardRow[];
  readonly people: readonly BoardPerson[];
  readonly owners: readonly BoardOwnerTotals[];
  /** For the person themselves (empty on an admin's board of others). */
  readonly tasks: readonly BoardTask[];
}

/** 'Nov - 2026', the spec's period label. */
export function monthLabel(month: BusinessMonth): string {
  return `${monthNameOf(month, 'short')} - ${month.slice(0, 4)}`;
}

/** What a person still has to do, from their own board rows and missing days. */
export function tasksOf(
  months: readonly [BusinessMonth, BusinessMonth],
  rows: readonly BoardRow[],
  person: BoardPerson | undefined,
): BoardTask[] {
  const tasks: BoardTask[] = [];
  for (const row of rows)
    for (const cell of row.cells)
      if (cell.state === 'returned')
        tasks.push({
          kind: 'fix-returned',
          month: cell.month,
          projectId: row.projectId,
          text: `Fix what was returned on ${row.projectName} for ${monthLabel(cell.month)}: ${cell.returnReason ?? 'no reason given'}`,
        });
  person?.missingDays.forEach((days, index) => {
    if (days.length === 0) return;
    const month = months[index]!;
    const count = days.length === 1 ? '1 working day' : `${days.length} working days`;
    tasks.push({
      kind: 'enter-missing-days',
      month,
      projectId: null,
      text: `Enter time for ${count} of ${monthLabel(month)} without any hours`,
    });
  });
  for (const row of rows)
    row.cells.forEach((cell, index) => {
      // The current month is verified once it is over; the previous one is due now.
      if (index === 0 && cell.state === 'entered')
        tasks.push({
          kind: 'verify',
          month: cell.month,
          projectId: row.projectId,
          text: `Verify ${row.projectName} for ${monthLabel(cell.month)}`,
        });
    });
  return tasks;
}

// ---------------------------------------------------------------------------------------------
// What the timesheets and expenses contexts report to the board (their own read models, summed)

/** One person's project and month in one kind's read model. */
export interface LedgerCellSummary {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: BusinessMonth;
  readonly counts: StateCounts;
  /** Time: hours; expenses: '0'. */
  readonly hours: string;
  /** Time: the value (hours x 200); expenses: the claimed total. */
  readonly amount: string;
  readonly lateEntries: number;
  readonly returnReason: string | null;
}

export interface LedgerMonthsSummary {
  readonly cells: readonly LedgerCellSummary[];
  /** Time only: the days each person entered any time on, per month. */
  readonly daysEntered: readonly {
    readonly employeeId: number;
    readonly month: BusinessMonth;
    readonly days: readonly BusinessDate[];
  }[];
}
