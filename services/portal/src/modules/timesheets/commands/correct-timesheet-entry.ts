import { CommandHandler } from '@nestjs/cqrs';
import {
  businessDateOf,
  monthOf,
  storedHours,
  timesheetEditProblems,
  type TimesheetEditRequest,
  type TimesheetEntryFields,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { laterPosition, LedgerAccess, LedgerRunner } from '../../periods';
import { timesheetPart, type SubmitEntries, type WithdrawEntry } from '../domain/ledger';
import { EntryLocations } from '../queries/entry-location';
import { ownEntry } from './entry-access';
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

/**
 * Within its month an edit is a correction; to another month it is a move: the entry (same id,
 * next version) is submitted to the new month's ledger first, then withdrawn from the old one, so
 * a crash in between never loses it (a retry with the same command id finishes it).
 */
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

    const after: TimesheetEntryFields = {
      projectId: edit.projectId,
      subProjectId: edit.subProjectId,
      date: edit.date,
      hours: storedHours(edit.hours),
      overtimeHours: edit.overtimeHours,
      comment: edit.comment,
    };
    const newMonth = monthOf(edit.date);
    const projectNames = new Map([[project.projectId, project.name]]);
    const employeeId = person.staffId;

    if (newMonth === location.month) {
      const outcome = await this.ledger.run(
        employeeId,
        newMonth,
        timesheetPart,
        {
          type: 'CorrectTimesheetEntry',
          data: { employeeId, entryId, expectedVersion: edit.version, after, today, projectNames },
        },
        context,
      );
      return { position: outcome.position };
    }

    const withdraw: WithdrawEntry = {
      type: 'WithdrawTimesheetEntry',
      data: { employeeId, entryId, expectedVersion: edit.version, today, projectNames, movedTo: newMonth },
    };
    // Checks the old ledger's rules (approved, locked, stale) before anything is written.
    const { state } = await this.ledger.dryRun(employeeId, location.month, timesheetPart, withdraw);
    const current = state.entries.get(entryId)!;
    const { projectId, subProjectId, date, hours, overtimeHours, comment } = current;
    const submit: SubmitEntries = {
      type: 'SubmitTimesheet',
      data: {
        employeeId,
        month: newMonth,
        today,
        projectNames,
        entries: [
          {
            entryId,
            fields: after,
            version: current.version + 1,
            movedFrom: {
              month: location.month,
              before: { projectId, subProjectId, date, hours, overtimeHours, comment },
            },
          },
        ],
      },
    };
    // Nothing is appended before the submit, so running it checks the new ledger's rules first.
    const moved = await this.ledger.run(employeeId, newMonth, timesheetPart, submit, context);
    const withdrawn = await this.ledger.run(employeeId, location.month, timesheetPart, withdraw, context);
    return { position: laterPosition(moved.position, withdrawn.position) };
  }
}
