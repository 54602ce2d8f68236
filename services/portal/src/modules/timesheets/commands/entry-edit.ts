import { Injectable } from '@nestjs/common';
import {
  monthOf,
  storedHours,
  type AdminTimesheetEditRequest,
  type BusinessDate,
  type TimesheetEditRequest,
  type TimesheetEntryFields,
  type TimesheetProblem,
  type TimesheetRuleFacts,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { CommandContext } from '../../../platform/event-store/command-context';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import type { ProjectNames } from '../../../kernel/ledger-rows';
import { laterPosition, LedgerAccess, LedgerRunner, type LedgerPerson } from '../../periods';
import { timesheetPart, type SubmitEntries, type WithdrawEntry } from '../domain/ledger';
import { EntryLocations } from '../queries/entry-location';
import { TimesheetFacts } from './timesheet-facts';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';

/** The entry's fields after an edit request (the person's or the admin's dialog). */
export function editedFields(edit: {
  projectId: number;
  subProjectId: number | null;
  date: BusinessDate;
  hours: string | null;
  overtimeHours: string | null;
  comment: string;
}): TimesheetEntryFields {
  const { projectId, subProjectId, date, hours, overtimeHours, comment } = edit;
  return { projectId, subProjectId, date, hours: storedHours(hours), overtimeHours, comment };
}

/** An edit of one entry, as the person's and the admin's edit commands both make it. */
export interface EntryEdit {
  readonly employeeId: number;
  readonly entryId: string;
  /** The month whose ledger holds the entry now. */
  readonly month: string;
  readonly expectedVersion: number;
  readonly after: TimesheetEntryFields;
  readonly today: BusinessDate;
  readonly projectNames: ProjectNames;
  /** An admin's edit: ignores the person's lock, never the approval (see the timesheet decider). */
  readonly byAdmin: boolean;
}

/**
 * Within its month an edit is a correction; to another month it is a move: the entry (same id,
 * next version) is submitted to the new month's ledger first, then withdrawn from the old one, so
 * a crash in between never loses it (a retry with the same command id finishes it).
 */
export async function editEntry(
  ledger: LedgerRunner,
  edit: EntryEdit,
  context: CommandContext,
): Promise<{ position: LogPosition | null }> {
  const { employeeId, entryId, month, expectedVersion, after, today, projectNames, byAdmin } = edit;
  const newMonth = monthOf(after.date);
  if (newMonth === month) {
    const outcome = await ledger.run(
      employeeId,
      month,
      timesheetPart,
      {
        type: 'CorrectTimesheetEntry',
        data: { employeeId, entryId, expectedVersion, after, today, projectNames, byAdmin },
      },
      context,
    );
    return { position: outcome.position };
  }

  const withdraw: WithdrawEntry = {
    type: 'WithdrawTimesheetEntry',
    data: { employeeId, entryId, expectedVersion, today, projectNames, movedTo: newMonth, byAdmin },
  };
  // Checks the old ledger's rules (approved, locked, stale) before anything is written.
  const { state } = await ledger.dryRun(employeeId, month, timesheetPart, withdraw);
  const current = state.entries.get(entryId)!;
  const { projectId, subProjectId, date, hours, overtimeHours, comment } = current;
  const submit: SubmitEntries = {
    type: 'SubmitTimesheet',
    data: {
      employeeId,
      month: newMonth,
      today,
      projectNames,
      byAdmin,
      entries: [
        {
          entryId,
          fields: after,
          version: current.version + 1,
          movedFrom: { month, before: { projectId, subProjectId, date, hours, overtimeHours, comment } },
        },
      ],
    },
  };
  // Nothing is appended before the submit, so running it checks the new ledger's rules first.
  const moved = await ledger.run(employeeId, newMonth, timesheetPart, submit, context);
  const withdrawn = await ledger.run(employeeId, month, timesheetPart, withdraw, context);
  return { position: laterPosition(moved.position, withdrawn.position) };
}

/**
 * The shell the person's and the admin's edit commands share. Each finds the entry and checks the
 * caller its own way; `correct` then checks the project by the rules the command names and makes
 * the edit (`editEntry`), by the person or by an admin.
 */
// Injectable so its constructor's parameter types are recorded; the handlers inherit them.
@Injectable()
export abstract class EntryEditHandler<
  C extends PortalCommand<{ position: LogPosition | null }>,
> extends PortalCommandHandler<C> {
  constructor(
    protected readonly access: LedgerAccess,
    private readonly facts: TimesheetFacts,
    protected readonly locations: EntryLocations,
    private readonly ledger: LedgerRunner,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async correct(
    caller: Caller,
    person: LedgerPerson,
    /** The entry as the caller named it, in the month whose ledger holds it now. */
    entry: { readonly entryId: string; readonly month: string },
    edit: TimesheetEditRequest | AdminTimesheetEditRequest,
    problemsOf: (facts: TimesheetRuleFacts) => readonly TimesheetProblem[],
    byAdmin: boolean,
  ): Promise<{ position: LogPosition | null }> {
    const today = await this.calendar.dateFor(caller.context.now, person);
    const { project } = await this.facts.check(person, edit.projectId, edit.subProjectId, today, problemsOf);
    return editEntry(
      this.ledger,
      {
        employeeId: person.staffId,
        entryId: entry.entryId,
        month: entry.month,
        expectedVersion: edit.version,
        after: editedFields(edit),
        today,
        projectNames: new Map([[project.projectId, project.name]]),
        byAdmin,
      },
      caller.context,
    );
  }
}
