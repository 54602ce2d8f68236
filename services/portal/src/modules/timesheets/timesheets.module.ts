import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { PeriodsModule } from '../periods';
import { RosterModule } from '../roster';
import { StaffModule } from '../staff';
import { AdminTimesheetsController } from './admin-timesheets.controller';
import { AdminCorrectTimesheetEntryHandler } from './commands/admin-correct-timesheet-entry';
import { CorrectTimesheetEntryHandler } from './commands/correct-timesheet-entry';
import { SubmitTimesheetHandler } from './commands/submit-timesheet';
import { ImportTimesheetHistoryHandler } from './commands/import-timesheet-history';
import { TimesheetFacts } from './commands/timesheet-facts';
import { WithdrawTimesheetEntryHandler } from './commands/withdraw-timesheet-entry';
import { timesheetsProjection } from './projections/timesheets.projection';
import { CopyLastWeekHandler } from './queries/copy-last-week';
import { RecentTimesheetCombinationsHandler } from './queries/recent-combinations';
import { EntryLocations } from './queries/entry-location';
import { SummariseTimesheetMonthsHandler } from './queries/summarise-months';
import { SumProjectHoursByMonthHandler } from './queries/project-month-hours';
import { SumTimeForAnalyticsHandler } from './queries/analytics-time';
import { ListTimesheetsHandler } from './queries/list-timesheets';
import { LatestTimesheetDateHandler } from './queries/latest-entry-date';
import { ProjectHasTimeHandler } from './queries/project-has-time';
import { ListReviewTimeHandler, SummariseReviewTimeHandler } from './queries/review-time';
import { LateEntryEmailProcessor } from './reactions/late-entry-email.processor';
import { LATE_ENTRY_EMAIL_JOB, lateEntryReactor } from './reactions/late-entry.reactor';
import { TimesheetsController } from './timesheets.controller';

/**
 * Timesheets: time's part of the ledger (submit, correct, withdraw, decided through periods'
 * LedgerRunner), the saved-timesheets list and read model, the late-entry e-mail.
 */
@Module({
  imports: [CatalogModule, RosterModule, StaffModule, PeriodsModule],
  controllers: [TimesheetsController, AdminTimesheetsController],
  providers: [
    TimesheetFacts,
    EntryLocations,
    SubmitTimesheetHandler,
    ImportTimesheetHistoryHandler,
    CorrectTimesheetEntryHandler,
    AdminCorrectTimesheetEntryHandler,
    WithdrawTimesheetEntryHandler,
    ListTimesheetsHandler,
    LatestTimesheetDateHandler,
    CopyLastWeekHandler,
    RecentTimesheetCombinationsHandler,
    ProjectHasTimeHandler,
    SummariseTimesheetMonthsHandler,
    SumProjectHoursByMonthHandler,
    SumTimeForAnalyticsHandler,
    SummariseReviewTimeHandler,
    ListReviewTimeHandler,
    LateEntryEmailProcessor,
  ],
})
export class TimesheetsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(timesheetsProjection).reactor(lateEntryReactor).job(LATE_ENTRY_EMAIL_JOB);
  }
}
