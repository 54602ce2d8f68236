import type { BillingCycle } from '../kernel/constants';
import {
  addDays,
  daysFrom,
  endOfMonth,
  isBusinessDate,
  monthOf,
  startOfMonthOffset,
  type BusinessDate,
  type BusinessMonth,
} from '../kernel/dates';

/**
 * A project's billing cycle cuts time into periods (issue 8). Review, verification and downloads
 * ask for a project's period; these pure functions answer with its first and last day (inclusive,
 * 'YYYY-MM-DD'), so the browser and the server agree whatever their time zone:
 *
 * - 'Standard Month (First to last)': the calendar month.
 * - 'Fixed Offset (26 to 25)': the 26th of the previous month to the 25th; named by the month it
 *   ends in ('Nov - 2026' = 26 Oct to 25 Nov).
 * - 'Floating Offset (Last Friday of month)': the day after the previous month's last Friday to
 *   this month's last Friday; named by the month it ends in.
 * - 'Weekly (Saturday to Friday)': seven days from a Saturday; named by its days.
 *
 * The three monthly cycles name a period by its month: key 'YYYY-MM', label 'Nov - 2026'. A
 * week's key is its Saturday ('YYYY-MM-DD'); its label '21 Nov - 27 Nov 2026'.
 */

export interface BillingPeriod {
  readonly cycle: BillingCycle;
  /** First day, inclusive. */
  readonly start: BusinessDate;
  /** Last day, inclusive. */
  readonly end: BusinessDate;
  /** 'YYYY-MM' for the monthly cycles; the Saturday 'YYYY-MM-DD' for the weekly one. */
  readonly key: string;
  /** 'Nov - 2026'; '21 Nov - 27 Nov 2026' for a week. */
  readonly label: string;
}

/**
 * A cycle's rule answered what no period can be (a period that does not hold the day asked for,
 * ends before it starts or has a day that is not a date), or the cycle is none the rules know.
 * Only a bug does that (a project's cycle is one of BILLING_CYCLES, checked when it is saved), so
 * it is an Error, not a refusal of the request: thrown at once, never a loop that runs on.
 */
export class BrokenBillingCycle extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokenBillingCycle';
  }
}

/** A cycle none of the rules knows (only a value that bypassed the types can be one). */
function notACycle(cycle: never): never {
  throw new BrokenBillingCycle(`'${String(cycle)}' is not a billing cycle`);
}

const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const FRIDAY = 5;
const SATURDAY = 6;

/** The person's periods: the current one and this many before it. */
export const PERSON_PERIODS_BACK = 2;
/** The admin review's periods: six back to one ahead. */
export const REVIEW_PERIODS_BACK = 6;
export const REVIEW_PERIODS_AHEAD = 1;

/** Day of the week, 0 = Sunday ... 6 = Saturday, of a calendar day (computed in UTC). */
function weekdayOf(date: BusinessDate): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function monthOffset(month: BusinessMonth, months: number): BusinessMonth {
  return monthOf(startOfMonthOffset(`${month}-01`, months));
}

/** 'Nov - 2026' */
export function monthPeriodLabel(month: BusinessMonth): string {
  return `${MONTH_ABBREVIATIONS[Number(month.slice(5, 7)) - 1]} - ${month.slice(0, 4)}`;
}

/** The last Friday of a month. */
export function lastFridayOf(month: BusinessMonth): BusinessDate {
  const last = endOfMonth(`${month}-01`);
  return addDays(last, -((weekdayOf(last) - FRIDAY + 7) % 7));
}

/** True for the cycles whose periods are named by a month (all but the weekly one). */
export function isMonthlyCycle(cycle: BillingCycle): boolean {
  return cycle !== 'Weekly (Saturday to Friday)';
}

/** A monthly cycle's period named by `month` (for the weekly cycle: the week holding the month's 1st). */
export function periodOfMonth(cycle: BillingCycle, month: BusinessMonth): BillingPeriod {
  const first = `${month}-01`;
  const named = (start: BusinessDate, end: BusinessDate): BillingPeriod => ({
    cycle,
    start,
    end,
    key: month,
    label: monthPeriodLabel(month),
  });
  switch (cycle) {
    case 'Standard Month (First to last)':
      return named(first, endOfMonth(first));
    case 'Fixed Offset (26 to 25)':
      return named(`${monthOffset(month, -1)}-26`, `${month}-25`);
    case 'Floating Offset (Last Friday of month)':
      return named(addDays(lastFridayOf(monthOffset(month, -1)), 1), lastFridayOf(month));
    case 'Weekly (Saturday to Friday)':
      return weekContaining(first);
    default:
      return notACycle(cycle);
  }
}

function shortDay(date: BusinessDate): string {
  return `${Number(date.slice(8, 10))} ${MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1]}`;
}

/** A period's days as a week is named: '21 Nov - 27 Nov 2026', '26 Dec 2026 - 1 Jan 2027'. */
export function periodDaysLabel(start: BusinessDate, end: BusinessDate): string {
  return start.slice(0, 4) === end.slice(0, 4)
    ? `${shortDay(start)} - ${shortDay(end)} ${end.slice(0, 4)}`
    : `${shortDay(start)} ${start.slice(0, 4)} - ${shortDay(end)} ${end.slice(0, 4)}`;
}

/**
 * A period named with its days when its label does not say them: 'Nov - 2026 (26 Oct - 25 Nov
 * 2026)' for a 26-to-25 period, 'Nov - 2026 (1 Nov - 30 Nov 2026)' for a calendar month, a week's
 * label as it is.
 */
export function periodTitle(period: Pick<BillingPeriod, 'label' | 'start' | 'end'>): string {
  const days = periodDaysLabel(period.start, period.end);
  return period.label === days ? days : `${period.label} (${days})`;
}

function weekContaining(date: BusinessDate): BillingPeriod {
  const start = addDays(date, -((weekdayOf(date) - SATURDAY + 7) % 7));
  const end = addDays(start, 6);
  return { cycle: 'Weekly (Saturday to Friday)', start, end, key: start, label: periodDaysLabel(start, end) };
}

/** How a cycle cuts time: the period that holds a day. */
export type PeriodRule = (date: BusinessDate) => BillingPeriod;

function ruleOf(cycle: BillingCycle): PeriodRule {
  switch (cycle) {
    case 'Standard Month (First to last)':
      return (date) => periodOfMonth(cycle, monthOf(date));
    case 'Fixed Offset (26 to 25)':
      return (date) =>
        periodOfMonth(cycle, Number(date.slice(8, 10)) >= 26 ? monthOffset(monthOf(date), 1) : monthOf(date));
    case 'Floating Offset (Last Friday of month)':
      return (date) =>
        periodOfMonth(
          cycle,
          date > lastFridayOf(monthOf(date)) ? monthOffset(monthOf(date), 1) : monthOf(date),
        );
    case 'Weekly (Saturday to Friday)':
      return weekContaining;
    default:
      return notACycle(cycle);
  }
}

/** The period `rule` gives for `date`, checked: real dates, start not after end, `date` within. */
export function periodByRule(rule: PeriodRule, date: BusinessDate): BillingPeriod {
  const period = rule(date);
  const { start, end } = period ?? {};
  if (typeof start !== 'string' || typeof end !== 'string' || !isBusinessDate(start) || !isBusinessDate(end))
    throw new BrokenBillingCycle(
      `The period holding ${date} has no real first and last day (${start} to ${end})`,
    );
  if (end < start)
    throw new BrokenBillingCycle(`The period holding ${date} ends (${end}) before it starts (${start})`);
  if (date < start || date > end)
    throw new BrokenBillingCycle(`The period asked for ${date} does not hold it (${start} to ${end})`);
  return period;
}

/** The period of `cycle` that holds `date`. */
export function periodContaining(cycle: BillingCycle, date: BusinessDate): BillingPeriod {
  return periodByRule(ruleOf(cycle), date);
}

/**
 * Every period of `rule` that shares a day with [first, last], oldest first (none when `last` is
 * earlier). Each period holds the day it was asked for (`periodByRule` checks), the day after the
 * one before, so every step moves on by a day at least: the walk asks at most once per day of the
 * window, and a broken rule throws on its first wrong answer instead of spinning.
 */
export function periodsByRule(rule: PeriodRule, first: BusinessDate, last: BusinessDate): BillingPeriod[] {
  const days = daysFrom(first, last) + 1;
  const periods: BillingPeriod[] = [];
  for (let day = first, step = 0; step < days; step++) {
    const period = periodByRule(rule, day);
    periods.push(period);
    if (period.end >= last) break;
    day = addDays(period.end, 1);
  }
  return periods;
}

/** Every period of `cycle` that shares a day with [first, last], oldest first. */
export function periodsOverlapping(
  cycle: BillingCycle,
  first: BusinessDate,
  last: BusinessDate,
): BillingPeriod[] {
  return periodsByRule(ruleOf(cycle), first, last);
}

/** The period after (steps > 0) or before (steps < 0) `period`, `steps` periods away. */
export function periodAfter(period: BillingPeriod, steps: number): BillingPeriod {
  if (isMonthlyCycle(period.cycle)) return periodOfMonth(period.cycle, monthOffset(period.key, steps));
  return periodContaining(period.cycle, addDays(period.start, 7 * steps));
}

/**
 * A list of periods newest first: for the monthly cycles the current period (holding `today`),
 * `back` before it and `ahead` after it; for the weekly cycle every week that shares a day with
 * the same months (from the first day of the month `back` months before today's month to the
 * end of the month `ahead` months after it; with ahead = 0, up to the current week).
 */
function periodList(cycle: BillingCycle, today: BusinessDate, back: number, ahead: number): BillingPeriod[] {
  const current = periodContaining(cycle, today);
  if (isMonthlyCycle(cycle)) {
    return Array.from({ length: back + ahead + 1 }, (_, i) => periodAfter(current, ahead - i));
  }
  const first = startOfMonthOffset(today, -back);
  const last = ahead === 0 ? current.end : endOfMonth(startOfMonthOffset(today, ahead));
  return periodsOverlapping(cycle, first, last).reverse();
}

/** A person's Download Timesheet periods: the current one and the two before (weeks: of those months). */
export function personPeriods(cycle: BillingCycle, today: BusinessDate): BillingPeriod[] {
  return periodList(cycle, today, PERSON_PERIODS_BACK, 0);
}

/** The admin review's periods: six back to one ahead (weeks: of those months). */
export function reviewPeriods(cycle: BillingCycle, today: BusinessDate): BillingPeriod[] {
  return periodList(cycle, today, REVIEW_PERIODS_BACK, REVIEW_PERIODS_AHEAD);
}

/** The period of `cycle` with exactly these first and last days, if there is one. */
export function periodMatching(
  cycle: BillingCycle,
  start: BusinessDate,
  end: BusinessDate,
): BillingPeriod | null {
  const period = periodContaining(cycle, start);
  return period.start === start && period.end === end ? period : null;
}

/** The period named by `key` ('YYYY-MM', or a week's Saturday), if the key names one of `cycle`. */
export function periodOfKey(cycle: BillingCycle, key: string): BillingPeriod | null {
  if (isMonthlyCycle(cycle)) {
    return /^\d{4}-(0[1-9]|1[0-2])$/.test(key) ? periodOfMonth(cycle, key) : null;
  }
  if (!isBusinessDate(key)) return null;
  const week = weekContaining(key);
  return week.start === key ? week : null;
}
