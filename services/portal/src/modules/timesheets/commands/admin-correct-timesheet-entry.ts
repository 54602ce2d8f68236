import { CommandHandler } from '@nestjs/cqrs';
import {
  adminTimesheetEditProblems,
  timesheetMessages as msg,
  type AdminTimesheetEditRequest,
} from '@portal/contracts';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EntryEditHandler } from './entry-edit';

/**
 * An admin edits one of a person's time entries from the review page (admin spec §7): the same
 * TimesheetEntryCorrected (before -> after) as the person's edit, with the admin as the actor. It
 * passes the person's lock (a verified period is what the admin reviews) but never changes an
 * approved entry (409). The sub-project is reset unless the project is 45 (the request schema).
 */
@Requires('admin')
export class AdminCorrectTimesheetEntry extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly entryId: string,
    readonly edit: AdminTimesheetEditRequest,
  ) {
    super(caller);
  }
}

@CommandHandler(AdminCorrectTimesheetEntry)
export class AdminCorrectTimesheetEntryHandler extends EntryEditHandler<AdminCorrectTimesheetEntry> {
  protected async handle({
    caller,
    entryId,
    edit,
  }: AdminCorrectTimesheetEntry): Promise<{ position: LogPosition | null }> {
    // The admin must see the row's project now (403) and the one it names (a sightstream admin:
    // owner 2 only), then the person's rules.
    const { person, row: location } = await this.access.reviewedRow(
      caller,
      edit.employeeId,
      () => this.locations.find(entryId),
      msg.entryNotFound,
    );
    await this.access.reviewedProject(caller, edit.projectId);
    return this.correct(
      caller,
      person,
      { entryId, month: location.month },
      edit,
      (facts) => adminTimesheetEditProblems(edit, facts),
      true,
    );
  }
}
