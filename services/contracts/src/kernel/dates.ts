/**
 * Business dates ('YYYY-MM-DD', no time zone) and months ('YYYY-MM'). All arithmetic is done on
 * UTC calendar days, so a rule gives the same answer in the browser and on the server whatever
 * the machine's time zone.
 */
export type BusinessDate = string;
export type BusinessMonth = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;

function toUtcDay(date: BusinessDate): Date {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`Not a business date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

function fromUtcDay(day: Date): BusinessDate {
  return day.toISOString().slice(0, 10);
}

/** True for a real calendar day written as 'YYYY-MM-DD'. */
export function isBusinessDate(text: string): boolean {
  const m = DATE_PATTERN.exec(text);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return fromUtcDay(day) === text;
}

/** True for 'YYYY-MM' with a month 01..12. */
export function isBusinessMonth(text: string): boolean {
  const m = MONTH_PATTERN.exec(text);
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/**
 * The UTC calendar day of an instant: date arithmetic and its tests only. It is no owner's
 * "today": rules ask the BusinessCalendar, which uses `businessDateIn(instant, zone)` with the
 * owner's time zone (time-zones.ts, issue 25).
 */
export function businessDateOf(instant: Date): BusinessDate {
  return fromUtcDay(instant);
}

export function addDays(date: BusinessDate, days: number): BusinessDate {
  return fromUtcDay(new Date(toUtcDay(date).getTime() + days * DAY_MS));
}

/**
 * How many days from `first` to `last` (negative when `last` is earlier), counted without
 * building a date past either end, so it holds up to 9999-12-31.
 */
export function daysFrom(first: BusinessDate, last: BusinessDate): number {
  return Math.round((toUtcDay(last).getTime() - toUtcDay(first).getTime()) / DAY_MS);
}

/** 'YYYY-MM' of a date. */
export function monthOf(date: BusinessDate): BusinessMonth {
  toUtcDay(date);
  return date.slice(0, 7);
}

export function startOfMonth(date: BusinessDate): BusinessDate {
  return `${monthOf(date)}-01`;
}

export function endOfMonth(date: BusinessDate): BusinessDate {
  const day = toUtcDay(date);
  return fromUtcDay(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)));
}

/** The first day of the month `months` away from the date's month (negative = back). */
export function startOfMonthOffset(date: BusinessDate, months: number): BusinessDate {
  const day = toUtcDay(date);
  return fromUtcDay(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1)));
}

/** Weeks start on Monday. */
export function mondayOfWeek(date: BusinessDate): BusinessDate {
  const weekday = toUtcDay(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** An entry dated before the Monday of today's week is late: saving or changing it alerts admins. */
export function isLateEntry(date: BusinessDate, today: BusinessDate): boolean {
  return date < mondayOfWeek(today);
}

export interface DateWindow {
  readonly first: BusinessDate;
  readonly last: BusinessDate;
}

/** Days selectable in a window of whole months around today's month. */
export function monthWindow(today: BusinessDate, monthsBack: number, monthsAhead: number): DateWindow {
  return {
    first: startOfMonthOffset(today, -monthsBack),
    last: endOfMonth(startOfMonthOffset(today, monthsAhead)),
  };
}

export function isWithin(date: BusinessDate, window: DateWindow): boolean {
  return date >= window.first && date <= window.last;
}

/**
 * Every day from first to last, inclusive (none when `last` is earlier). Built from their count,
 * so it never steps past either end: a date that is not one throws at once rather than looping.
 */
export function daysBetween(first: BusinessDate, last: BusinessDate): BusinessDate[] {
  const count = Math.max(0, daysFrom(first, last) + 1);
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

function monthNumber(month: BusinessMonth): number {
  if (!isBusinessMonth(month)) throw new RangeError(`Not a business month: ${month}`);
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

/** How many months from `first` to `last` ('YYYY-MM'), both counted: 0 or less when `last` is earlier. */
export function monthsSpanned(first: BusinessMonth, last: BusinessMonth): number {
  return monthNumber(last) - monthNumber(first) + 1;
}

/**
 * The months from `first` to `last` ('YYYY-MM'), both included, oldest first (none when `last` is
 * earlier). Built from their count, so it never steps past December 9999.
 */
export function monthsBetween(first: BusinessMonth, last: BusinessMonth): BusinessMonth[] {
  const start = monthNumber(first);
  return Array.from({ length: Math.max(0, monthsSpanned(first, last)) }, (_, i) => {
    const n = start + i;
    return `${String(Math.floor(n / 12)).padStart(4, '0')}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The English name of a month 'YYYY-MM' ('2026-11' → 'November', or 'Nov' short); the text itself if not a month. */
export function monthNameOf(month: string, form: 'long' | 'short' = 'long'): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  if (name === undefined) return month;
  return form === 'short' ? name.slice(0, 3) : name;
}
