/**
 * Public holidays of the United States (federal) and Canada (federal statutory, Canada Labour
 * Code), computed by rule for any year from 1971 (when the Monday holiday rules took effect).
 * Dates are the holidays themselves, not the weekday they are observed on when they fall on a
 * weekend. Used by `GET /api/holidays` and by the web's home page.
 */

export const HOLIDAY_COUNTRIES = ['United States', 'Canada'] as const;
export type HolidayCountry = (typeof HOLIDAY_COUNTRIES)[number];

export const FIRST_HOLIDAY_YEAR = 1971;
export const LAST_HOLIDAY_YEAR = 2199;

export interface Holiday {
  /** Business date 'YYYY-MM-DD'. */
  readonly date: string;
  readonly name: string;
}

export interface CountryHolidays {
  readonly country: HolidayCountry;
  readonly holidays: readonly Holiday[];
}

/** Response of `GET /api/holidays?year=YYYY`. */
export interface HolidayCalendar {
  readonly year: number;
  readonly countries: readonly CountryHolidays[];
}

export const holidayMessages = {
  yearOutOfRange: `Year must be a whole number from ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Date rules (UTC calendar arithmetic on whole days; no time zones involved)

const MONDAY = 1;
const THURSDAY = 4;

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The nth (1-based) given weekday (0 = Sunday) of a month, as a day of the month. */
export function nthWeekdayOfMonth(year: number, month: number, wantedWeekday: number, n: number): number {
  const first = weekday(year, month, 1);
  return 1 + ((wantedWeekday - first + 7) % 7) + (n - 1) * 7;
}

/** The last given weekday of a month, as a day of the month. */
export function lastWeekdayOfMonth(year: number, month: number, wantedWeekday: number): number {
  const last = daysInMonth(year, month);
  return last - ((weekday(year, month, last) - wantedWeekday + 7) % 7);
}

/** Easter Sunday (Gregorian calendar; anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

function daysBefore(year: number, month: number, day: number, days: number): string {
  const date = new Date(Date.UTC(year, month - 1, day - days));
  return format(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_HOLIDAY_YEAR || year > LAST_HOLIDAY_YEAR) {
    throw new RangeError(holidayMessages.yearOutOfRange);
  }
}

function byDate(a: Holiday, b: Holiday): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

/** US federal holidays (5 U.S.C. 6103): 11 a year since Juneteenth (2021). */
export function unitedStatesHolidays(year: number): Holiday[] {
  assertYear(year);
  const list: Holiday[] = [
    { date: format(year, 1, 1), name: "New Year's Day" },
    { date: format(year, 2, nthWeekdayOfMonth(year, 2, MONDAY, 3)), name: "Presidents' Day" },
    { date: format(year, 5, lastWeekdayOfMonth(year, 5, MONDAY)), name: 'Memorial Day' },
    { date: format(year, 7, 4), name: 'Independence Day' },
    { date: format(year, 9, nthWeekdayOfMonth(year, 9, MONDAY, 1)), name: 'Labor Day' },
    { date: format(year, 10, nthWeekdayOfMonth(year, 10, MONDAY, 2)), name: 'Columbus Day' },
    { date: format(year, 11, 11), name: 'Veterans Day' },
    { date: format(year, 11, nthWeekdayOfMonth(year, 11, THURSDAY, 4)), name: 'Thanksgiving Day' },
    { date: format(year, 12, 25), name: 'Christmas Day' },
  ];
  if (year >= 1986) {
    list.push({
      date: format(year, 1, nthWeekdayOfMonth(year, 1, MONDAY, 3)),
      name: 'Martin Luther King Jr. Day',
    });
  }
  if (year >= 2021) list.push({ date: format(year, 6, 19), name: 'Juneteenth National Independence Day' });
  return list.sort(byDate);
}

/**
 * Canada's federal statutory holidays (Canada Labour Code, s. 166): 10 a year since the National
 * Day for Truth and Reconciliation (2021). The Civic Holiday (first Monday of August) is a
 * provincial holiday in most provinces, not a federal statutory one, so it is not listed.
 */
export function canadaHolidays(year: number): Holiday[] {
  assertYear(year);
  const easter = easterSunday(year);
  // Victoria Day: the Monday before May 25 (May 18..24).
  const victoriaDay = 24 - ((weekday(year, 5, 24) - MONDAY + 7) % 7);
  const list: Holiday[] = [
    { date: format(year, 1, 1), name: "New Year's Day" },
    { date: daysBefore(year, easter.month, easter.day, 2), name: 'Good Friday' },
    { date: format(year, 5, victoriaDay), name: 'Victoria Day' },
    { date: format(year, 7, 1), name: 'Canada Day' },
    { date: format(year, 9, nthWeekdayOfMonth(year, 9, MONDAY, 1)), name: 'Labour Day' },
    { date: format(year, 10, nthWeekdayOfMonth(year, 10, MONDAY, 2)), name: 'Thanksgiving Day' },
    { date: format(year, 11, 11), name: 'Remembrance Day' },
    { date: format(year, 12, 25), name: 'Christmas Day' },
    { date: format(year, 12, 26), name: 'Boxing Day' },
  ];
  if (year >= 2021) {
    list.push({ date: format(year, 9, 30), name: 'National Day for Truth and Reconciliation' });
  }
  return list.sort(byDate);
}

/** Both countries' holidays of a year, in the order the home page shows them. */
export function holidayCalendar(year: number): HolidayCalendar {
  return {
    year,
    countries: [
      { country: 'United States', holidays: unitedStatesHolidays(year) },
      { country: 'Canada', holidays: canadaHolidays(year) },
    ],
  };
}
