import { describe, expect, it } from '@jest/globals';
import { addDays, businessDateOf, daysBetween, isLateEntry, isWithin } from './kernel/dates';
import { expenseWindow, timesheetWindow } from './index';

/**
 * Test code (not built: tsconfig.build.json leaves out `*.testing.ts`): the date windows'
 * properties, checked on every day around each instant against a plain calendar count. Used by
 * date-windows.spec.ts (awkward instants of its own) and date-windows-at-run.spec.ts (the run's
 * pinned "now", so `npm run test:dates` moves them).
 */

/** Months from `a`'s month to `b`'s month (b later = positive), counted on the calendar. */
function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

/** A weekday name by its own calendar, for an independent look at Mondays. */
function isMonday(date: string): boolean {
  return (
    new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }) ===
    'Monday'
  );
}

export function describeEveryDayAround(instants: readonly string[]): void {
  describe.each(instants)('every day around %s', (instant) => {
    const today = businessDateOf(new Date(instant));
    const days = daysBetween(addDays(today, -250), addDays(today, 100));

    it('is in the timesheet window exactly when its month is at most two from this month', () => {
      const window = timesheetWindow(today);
      for (const day of days) {
        const months = monthsBetween(today, day);
        expect([day, isWithin(day, window)]).toEqual([day, months >= -2 && months <= 2]);
      }
    });

    it('is in the expense window exactly when its month is six back to two ahead', () => {
      const window = expenseWindow(today);
      for (const day of days) {
        const months = monthsBetween(today, day);
        expect([day, isWithin(day, window)]).toEqual([day, months >= -6 && months <= 2]);
      }
    });

    it('is late exactly when a Monday lies after it and not after today', () => {
      for (const day of days.filter((d) => d <= today)) {
        const mondayBetween = daysBetween(addDays(day, 1), today).some(isMonday);
        expect([day, isLateEntry(day, today)]).toEqual([day, mondayBetween]);
      }
    });
  });
}
