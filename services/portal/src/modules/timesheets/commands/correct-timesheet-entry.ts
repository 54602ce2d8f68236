import { CommandHandler } from '@nestjs/cqrs';
import { timesheetEditProblems, type TimesheetEditRequest } from '@portal/contracts';
import { PortalCommand, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { ownEntry } from './entry-access';
import { EntryEditHandler } from './entry-edit';

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
export class CorrectTimesheetEntryHandler extends EntryEditHandler<CorrectTimesheetEntry> {
  protected async handle({
    caller,
    entryId,
    edit,
  }: CorrectTimesheetEntry): Promise<{ position: LogPosition | null }> {
    const location = await ownEntry(this.locations, caller, entryId);
    const person = await this.access.ledgerOf(caller, location.employeeId);
    return this.correct(
      caller,
      person,
      { entryId, month: location.month },
      edit,
      (facts) => timesheetEditProblems(edit, facts, location),
      false,
    );
  }
}
