import { Injectable } from '@nestjs/common';
import {
  businessDateOf,
  monthOf,
  storedHours,
  timesheetEditProblems,
  type TimesheetEditRequest,
  type TimesheetEntryFields,
} from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import type { LedgerCommand } from '../domain/ledger';
import { EntryLocations } from '../queries/entry-location';
import { ownEntry } from './entry-access';
import { dryRunLedgerCommand, laterPosition, runLedgerCommand } from './run-ledger-command';
import { TimesheetFacts } from './timesheet-facts';

/**
 * Edits one entry. Within its month it is a correction; to another month it is a move: the entry
 * (same id, next version) is submitted to the new month's ledger first, then withdrawn from the
 * old one, so a crash in between never loses it (a retry with the same command id finishes it).
 */
@Injectable()
export class CorrectTimesheetEntryHandler {
  constructor(
    private readonly store: EventStore,
    private readonly facts: TimesheetFacts,
    private readonly locations: EntryLocations,
  ) {}

  async execute(
    person: Principal,
    entryId: string,
    edit: TimesheetEditRequest,
    context: CommandContext,
  ): Promise<{ position: LogPosition | null }> {
    const location = await ownEntry(this.locations, person, entryId);
    const today = businessDateOf(context.now);
    const facts = await this.facts.load(edit.projectId, edit.subProjectId, today);
    const serverProblems = await this.facts.serverProblems(person.staffId, edit.projectId, facts);
    if (!facts.project) throw DomainError.validation(serverProblems);
    TimesheetFacts.throwIfAny([...timesheetEditProblems(edit, facts, location.date), ...serverProblems]);

    const after: TimesheetEntryFields = {
      projectId: edit.projectId,
      subProjectId: edit.subProjectId,
      date: edit.date,
      hours: storedHours(edit.hours),
      overtimeHours: edit.overtimeHours,
      comment: edit.comment,
    };
    const newMonth = monthOf(edit.date);
    const projectNames = new Map([[facts.project.projectId, facts.project.name]]);
    const employeeId = person.staffId;

    if (newMonth === location.month) {
      const command: LedgerCommand = {
        type: 'CorrectTimesheetEntry',
        data: { employeeId, entryId, expectedVersion: edit.version, after, today, projectNames },
      };
      return {
        position: (await runLedgerCommand(this.store, employeeId, newMonth, command, context)).position,
      };
    }

    const withdraw: LedgerCommand = {
      type: 'WithdrawTimesheetEntry',
      data: { employeeId, entryId, expectedVersion: edit.version, today, projectNames, movedTo: newMonth },
    };
    // Checks the old ledger's rules (approved, locked, stale) before anything is written.
    const { state } = await dryRunLedgerCommand(this.store, employeeId, location.month, withdraw);
    const current = state.entries.get(entryId)!;
    const { projectId, subProjectId, date, hours, overtimeHours, comment } = current;
    const submit: LedgerCommand = {
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
    const moved = await runLedgerCommand(this.store, employeeId, newMonth, submit, context);
    const withdrawn = await runLedgerCommand(this.store, employeeId, location.month, withdraw, context);
    return { position: laterPosition(moved.position, withdrawn.position) };
  }
}
