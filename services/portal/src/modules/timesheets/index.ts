/** The timesheets context's public entry: the only file other code may import. */
export { TimesheetsModule } from './timesheets.module';
export { SubmitTimesheet, type SubmitTimesheetResult } from './commands/submit-timesheet';
export { ImportTimesheetHistory, type TimesheetHistoryEntry } from './commands/import-timesheet-history';
export { CorrectTimesheetEntry } from './commands/correct-timesheet-entry';
export { WithdrawTimesheetEntry } from './commands/withdraw-timesheet-entry';
export { ListTimesheets } from './queries/list-timesheets';
export { CopyLastWeek } from './queries/copy-last-week';
export { LatestTimesheetDate } from './queries/latest-entry-date';
export { SummariseTimesheetMonths } from './queries/summarise-months';
export { SumProjectHoursByMonth, type ProjectMonthHours } from './queries/project-month-hours';
export { TimesheetExportsModule } from './exports/timesheet-exports.module';
export { SummariseReviewTime, ListReviewTime } from './queries/review-time';
export {
  SumTimeForAnalytics,
  type AnalyticsTimeFilter,
  type AnalyticsTimeRow,
} from './queries/analytics-time';
/** The as-of review replays this read model (board). */
export { TIMESHEETS_READ_MODEL } from './projections/timesheets.projection';
