import { CommandHandler } from '@nestjs/cqrs';
import {
  adminTimesheetEditProblems,
  businessDateOf,
  timesheetMessages as msg,
  type AdminTimesheetEditRequest,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { LedgerAccess, LedgerRunner } from '../../periods';
import { EntryLocations } from '../queries/entry-location';
import { editEntry, editedFields } from './entry-edit';
import { TimesheetFacts } from './timesheet-facts';

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
export class AdminCorrectTimesheetEntryHandler extends PortalCommandHandler<AdminCorrectTimesheetEntry> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly facts: TimesheetFacts,
    private readonly locations: EntryLocations,
    private readonly ledger: LedgerRunner,
  ) {
    super();
  }

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
    const today = businessDateOf(caller.context.now);
    const { project } = await this.facts.check(person, edit.projectId, edit.subProjectId, today, (facts) =>
      adminTimesheetEditProblems(edit, facts),
    );
    return editEntry(
      this.ledger,
      {
        employeeId: person.staffId,
        entryId,
        month: location.month,
        expectedVersion: edit.version,
        after: editedFields(edit),
        today,
        projectNames: new Map([[project.projectId, project.name]]),
        byAdmin: true,
      },
      caller.context,
    );
  }
}
