// Fixed dates: awkward instants chosen for their calendar (a leap day, a year's end), with known answers.
import {
  addDays,
  businessDateOf,
  expenseClaimProblems,
  expenseWindow,
  isLateEntry,
  mondayOfWeek,
  timesheetBatchProblems,
  timesheetBatchSchema,
  timesheetWindow,
} from './index';
import { describeEveryDayAround } from './date-windows.testing';

/**
 * The spec's date windows at awkward instants: timesheet days from the start of the month two
 * months back to the end of the month two months ahead, expenses six back and two ahead, and the
 * late-entry warning for days before the Monday of the current week (weeks start on Monday).
 * The table checks known answers; the properties check every day around each instant against a
 * plain calendar count (date-windows-at-run.spec.ts checks them around the run's pinned "now").
 */

/** instant, today, this week's Monday, timesheet window (first, last), expense window (first, last) */
type Row = readonly [string, string, string, string, string, string, string];

// prettier-ignore
const ROWS: readonly Row[] = [
  // Monday (the suite's default instant).
  ['2026-11-23T10:00:00Z', '2026-11-23', '2026-11-23', '2026-09-01', '2027-01-31', '2026-05-01', '2027-01-31'],
  // Sunday: the week began six days ago.
  ['2026-11-29T21:00:00Z', '2026-11-29', '2026-11-23', '2026-09-01', '2027-01-31', '2026-05-01', '2027-01-31'],
  // Last day of a month, one minute before midnight UTC.
  ['2026-11-30T23:59:00Z', '2026-11-30', '2026-11-30', '2026-09-01', '2027-01-31', '2026-05-01', '2027-01-31'],
  // 31 December 23:30 UTC: the window reaches into the next year, up to a 28-day February.
  ['2026-12-31T23:30:00Z', '2026-12-31', '2026-12-28', '2026-10-01', '2027-02-28', '2026-06-01', '2027-02-28'],
  // New Year's Day (a Friday): this week's Monday is in last year.
  ['2027-01-01T00:05:00Z', '2027-01-01', '2026-12-28', '2026-11-01', '2027-03-31', '2026-07-01', '2027-03-31'],
  // 29 February of a leap year (a Tuesday).
  ['2028-02-29T12:00:00Z', '2028-02-29', '2028-02-28', '2027-12-01', '2028-04-30', '2027-08-01', '2028-04-30'],
  // Two months ahead is a leap February.
  ['2027-12-31T18:00:00Z', '2027-12-31', '2027-12-27', '2027-10-01', '2028-02-29', '2027-06-01', '2028-02-29'],
  // 31 August: six months back is February, whose days must not overflow into March.
  ['2026-08-31T06:00:00Z', '2026-08-31', '2026-08-31', '2026-06-01', '2026-10-31', '2026-02-01', '2026-10-31'],
];

const CASES = ROWS.map(([instant, today, monday, tsFirst, tsLast, exFirst, exLast]) => ({
  instant,
  today,
  monday,
  timesheets: [tsFirst, tsLast] as const,
  expenses: [exFirst, exLast] as const,
}));

describe('date windows at awkward instants', () => {
  describe.each(CASES)('at $instant', (c) => {
    const today = businessDateOf(new Date(c.instant));

    it('today is the UTC calendar day, whatever the machine’s time zone', () => {
      expect(today).toBe(c.today);
    });

    it('the week starts on its Monday; only days before it are late', () => {
      expect(mondayOfWeek(today)).toBe(c.monday);
      expect(isLateEntry(addDays(c.monday, -1), today)).toBe(true);
      expect(isLateEntry(c.monday, today)).toBe(false);
      expect(isLateEntry(today, today)).toBe(false);
    });

    it('timesheets: the start of the month two back to the end of the month two ahead', () => {
      expect(timesheetWindow(today)).toEqual({ first: c.timesheets[0], last: c.timesheets[1] });
    });

    it('expenses: six months back to two ahead', () => {
      expect(expenseWindow(today)).toEqual({ first: c.expenses[0], last: c.expenses[1] });
    });

    it('a batch on the window’s edges is accepted, a day beyond them is refused, a late day asks', () => {
      const facts = {
        project: { projectId: 10, name: 'Harbor Works', ownerId: 1, isActive: true },
        subProject: null,
        today,
      };
      const batch = (date: string, confirmLate: boolean) =>
        timesheetBatchSchema.parse({
          projectId: 10,
          subProjectId: null,
          items: [{ date, hours: '8', overtimeHours: null, comment: 'Edge' }],
          confirmLate,
        });
      const [first, last] = c.timesheets;
      const outside = { path: 'items.0.date', message: `Date must be between ${first} and ${last}` };
      expect(timesheetBatchProblems(batch(first, true), facts)).toEqual([]);
      expect(timesheetBatchProblems(batch(last, false), facts)).toEqual([]);
      expect(timesheetBatchProblems(batch(addDays(first, -1), true), facts)).toEqual([outside]);
      expect(timesheetBatchProblems(batch(addDays(last, 1), false), facts)).toEqual([outside]);
      expect(timesheetBatchProblems(batch(addDays(c.monday, -1), false), facts)).toEqual([
        { path: 'confirmLate', message: 'The selected date is not within the current week.' },
      ]);
      expect(timesheetBatchProblems(batch(c.monday, false), facts)).toEqual([]);
    });

    it('an expense on the window’s edges is accepted, a day beyond them is refused', () => {
      const [first, last] = c.expenses;
      const problems = (date: string) =>
        expenseClaimProblems({ categoryId: 5, receiptId: null }, [{ date, path: 'date' }], {
          today,
          needReceipt: false,
        });
      const outside = [{ path: 'date', message: `Date must be between ${first} and ${last}` }];
      expect(problems(first)).toEqual([]);
      expect(problems(last)).toEqual([]);
      expect(problems(addDays(first, -1))).toEqual(outside);
      expect(problems(addDays(last, 1))).toEqual(outside);
    });
  });
});

describeEveryDayAround(CASES.map((c) => c.instant));
