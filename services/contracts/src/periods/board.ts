import {
  addDays,
  daysBetween,
  endOfMonth,
  monthNameOf,
  type BusinessDate,
  type BusinessMonth,
} from '../kernel/dates';
import { canadaHolidays, unitedStatesHolidays } from '../holidays/holidays';
import type { StateCounts } from './board-counts';
import { boardPeriodName, monthPeriod, type BoardPeriod, type CellSums } from './board-periods';
import type { PeriodStateName } from './review';

/**
 * The period board of /home (issue 8): where each person's projects stand, for each project's
 * previous and current billing period (decision 0241); the missing working days by calendar month.
 */

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
  /** The project's billing period the cell sums (a calendar month for the calendar-month cycle). */
  readonly period: BoardPeriod;
  readonly state: PeriodStateName;
  /** The rows dated in the period's days, by state. */
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
  /** [previous period, current period] of the project's billing cycle (the current one holds today). */
  readonly cells: readonly [BoardCell, BoardCell];
}

export interface BoardPerson {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly ownerId: number;
  /** Missing working days of [previous month, current month] (calendar months: `months`). */
  readonly missingDays: readonly [readonly BusinessDate[], readonly BusinessDate[]];
}

export interface BoardOwnerTotals {
  readonly ownerId: number;
  readonly people: number;
  /** Hours and expenses of the current periods (each row's `cells[1]`). */
  readonly hours: string;
  readonly expensesClaimed: string;
  /** How many person-project cells of the current periods stand in each state. */
  readonly cells: Readonly<Record<PeriodStateName, number>>;
}

/** One thing the person still has to do, in the order they should do it. */
export interface BoardTask {
  readonly kind: 'fix-returned' | 'enter-missing-days' | 'verify';
  /** The project's billing period (fix, verify); the calendar month (missing days). */
  readonly period: BoardPeriod;
  readonly projectId: number | null;
  readonly text: string;
}

export interface PeriodBoard {
  /** The calendar months of the missing days: [previous month, current month]. */
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
          period: cell.period,
          projectId: row.projectId,
          text: `Fix what was returned on ${row.projectName} for ${boardPeriodName(cell.period)}: ${cell.returnReason ?? 'no reason given'}`,
        });
  person?.missingDays.forEach((days, index) => {
    if (days.length === 0) return;
    const month = months[index]!;
    const count = days.length === 1 ? '1 working day' : `${days.length} working days`;
    tasks.push({
      kind: 'enter-missing-days',
      period: monthPeriod(month),
      projectId: null,
      text: `Enter time for ${count} of ${monthLabel(month)} without any hours`,
    });
  });
  for (const row of rows)
    row.cells.forEach((cell, index) => {
      // The current period is verified once it is over; the previous one is due now.
      if (index === 0 && cell.state === 'entered')
        tasks.push({
          kind: 'verify',
          period: cell.period,
          projectId: row.projectId,
          text: `Verify ${row.projectName} for ${boardPeriodName(cell.period)}`,
        });
    });
  return tasks;
}

// ---------------------------------------------------------------------------------------------
// What the timesheets and expenses contexts report to the board (their own read models, summed)

/**
 * One person's project, calendar month and (when periods were asked for) period in one kind's read
 * model: a period that spans two months comes as two parts (`sumParts` adds them up).
 */
export interface LedgerCellSummary extends CellSums {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: BusinessMonth;
  /** The key of the asked period holding these rows' days; null outside every one (or none asked). */
  readonly period: string | null;
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
