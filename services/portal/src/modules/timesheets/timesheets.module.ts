import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { RosterModule } from '../roster/roster.module';
import { StaffModule } from '../staff/staff.module';
import { CorrectTimesheetEntryHandler } from './commands/correct-timesheet-entry';
import { SubmitTimesheetHandler } from './commands/submit-timesheet';
import { TimesheetFacts } from './commands/timesheet-facts';
import { VerifyPeriodHandler } from './commands/verify-period';
import { WithdrawTimesheetEntryHandler } from './commands/withdraw-timesheet-entry';
import { EntryLocations } from './queries/entry-location';
import { LedgerLockQuery } from './queries/ledger-lock';
import { ListTimesheetsQuery } from './queries/list-timesheets';
import { LateEntryEmailProcessor } from './reactions/late-entry-email.processor';
import { TimesheetsController } from './timesheets.controller';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { timesheetsProjection } from './projections/timesheets.projection';
import { LATE_ENTRY_EMAIL_JOB, lateEntryReactor } from './reactions/late-entry.reactor';

/** Timesheets: the ledger commands, the saved-timesheets queries, the late-entry e-mail. */
@Module({
  imports: [CatalogModule, RosterModule, StaffModule],
  controllers: [TimesheetsController],
  providers: [
    TimesheetFacts,
    EntryLocations,
    SubmitTimesheetHandler,
    CorrectTimesheetEntryHandler,
    WithdrawTimesheetEntryHandler,
    VerifyPeriodHandler,
    ListTimesheetsQuery,
    LedgerLockQuery,
    LateEntryEmailProcessor,
  ],
  exports: [
    SubmitTimesheetHandler,
    CorrectTimesheetEntryHandler,
    WithdrawTimesheetEntryHandler,
    VerifyPeriodHandler,
  ],
})
export class TimesheetsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(timesheetsProjection).reactor(lateEntryReactor).job(LATE_ENTRY_EMAIL_JOB);
  }
}
