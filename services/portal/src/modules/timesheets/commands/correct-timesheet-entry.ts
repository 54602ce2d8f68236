import { CommandHandler } from '@nestjs/cqrs';
import { businessDateOf, timesheetEditProblems, type TimesheetEditRequest } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { LedgerAccess, LedgerRunner } from '../../periods';
import { EntryLocations } from '../queries/entry-location';
import { ownEntry } from './entry-access';
import { editEntry, editedFields } from './entry-edit';
import { TimesheetFacts } from './timesheet-facts';

/** Edits one of the person's entries, from the version they saw. */
export class CorrectTimesheetEntry extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly entryId: string,
    readonly edit: TimesheetEditRequest,
  ) {
    super(caller);
  }
}

/** The person's edit, checked by the shared rules; a move to another month is `editEntry`'s. */
@CommandHandler(CorrectTimesheetEntry)
export class CorrectTimesheetEntryHandler extends PortalCommandHandler<CorrectTimesheetEntry> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly facts: TimesheetFacts,
    private readonly locations: EntryLocations,
    private readonly ledger: LedgerRunner,
  ) {
    super();
  }

  protected async handle(command: CorrectTimesheetEntry): Promise<{ position: LogPosition | null }> {
    const { caller, entryId, edit } = command;
    const context = caller.context;
    const location = await ownEntry(this.locations, caller, entryId);
    const person = await this.access.ledgerOf(caller, location.employeeId);
    const today = businessDateOf(context.now);
    const { project } = await this.facts.check(person, edit.projectId, edit.subProjectId, today, (facts) =>
      timesheetEditProblems(edit, facts, location),
    );

    const after = editedFields(edit);
    return editEntry(
      this.ledger,
      {
        employeeId: person.staffId,
        entryId,
        month: location.month,
        expectedVersion: edit.version,
        after,
        today,
        projectNames: new Map([[project.projectId, project.name]]),
        byAdmin: false,
      },
      context,
    );
  }
}
