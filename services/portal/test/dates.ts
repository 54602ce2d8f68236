import {
  businessDateIn,
  daysBetween,
  daysFrom,
  endOfMonth,
  isWithin,
  mondayOfWeek,
  monthOf,
  startOfMonthOffset,
  type BusinessDate,
  type BusinessMonth,
  type DateWindow,
} from '@portal/contracts';
import { pinnedInstant, testTimeZone } from '../../../e2e/support/test-now';
import { timesheetHistoryWindow } from '../src/seed/timesheet-history';

/**
 * The run's business dates for the integration tests, from its pinned "now" (PORTAL_NOW,
 * e2e/support/test-now.ts): business dates are the days of the test portal's time zone
 * (`testTimeZone()`, America/Edmonton unless PORTAL_TIME_ZONE says otherwise) that the portal's
 * rules use, never the test process's time zone. A test that pins its own instant passes
 * it to its app (`startTestApp({ now })`) and needs none of these.
 */

/** Today at the run's instant: 'YYYY-MM-DD'. */
export function runToday(): BusinessDate {
  return businessDateIn(pinnedInstant(), testTimeZone());
}

/** The month `offset` months from the run's month (negative = back): 'YYYY-MM'. */
export function runMonth(offset = 0): BusinessMonth {
  return monthOf(startOfMonthOffset(runToday(), offset));
}

/** The days the demo seed's time history covers when seeded at the run's instant. */
export function demoTimeHistory(): DateWindow {
  return timesheetHistoryWindow(runToday());
}

/**
 * The days of `month` that fall on `weekday` (0 = Monday .. 6 = Sunday, as the seed's week plans
 * count) and within `window`.
 */
export function weekdaysIn(month: BusinessMonth, weekday: number, window: DateWindow): BusinessDate[] {
  return daysBetween(`${month}-01`, endOfMonth(`${month}-01`)).filter(
    (day) => isWithin(day, window) && daysFrom(mondayOfWeek(day), day) === weekday,
  );
}

export { testTimeZone } from '../../../e2e/support/test-now';
