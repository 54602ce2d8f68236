import { Injectable } from '@nestjs/common';
import {
  businessDateOf,
  monthOf,
  storedHours,
  timesheetBatchProblems,
  type ProjectFacts,
  type SubmitTimesheetResponse,
  type TimesheetBatchRequest,
  type TimesheetProblem,
  type TimesheetRuleFacts,
} from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { deriveEventId, type CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import type { EntryToSubmit, SubmitTimesheet } from '../domain/ledger';
import { dryRunLedgerCommand, laterPosition, runLedgerCommand } from './run-ledger-command';
import { TimesheetFacts } from './timesheet-facts';

export type SubmitTimesheetResult = Omit<SubmitTimesheetResponse, 'position'> & {
  position: LogPosition | null;
};

/** Entry ids derive from the command id, so a retried batch finds its entries already recorded. */
export function entryIdFor(commandId: string, index: number): string {
  return deriveEventId(commandId, 'timesheet-entry', index);
}

/**
 * Saves a batch of days for one project. Each month's share goes to that month's ledger. Two
 * months are two appends (not atomic): every rule of both is checked before the first append,
 * and a retry with the same command id completes a half-written batch without doubling it.
 */
@Injectable()
export class SubmitTimesheetHandler {
  constructor(
    private readonly store: EventStore,
    private readonly facts: TimesheetFacts,
  ) {}

  async execute(
    person: Principal,
    batch: TimesheetBatchRequest,
    context: CommandContext,
  ): Promise<SubmitTimesheetResult> {
    const today = businessDateOf(context.now);
    const facts = await this.facts.load(batch.projectId, batch.subProjectId, today);
    const serverProblems = await this.facts.serverProblems(person.staffId, batch.projectId, facts);
    if (!facts.project) throw DomainError.validation(serverProblems);
    return this.record(person.staffId, batch, { ...facts, project: facts.project }, serverProblems, context);
  }

  /**
   * Checks the shared rules against the given facts and appends. `execute` loads the facts from
   * the read models; the demo seed passes the demo organisation's facts (it runs before any
   * projection has caught up).
   */
  async record(
    employeeId: number,
    batch: TimesheetBatchRequest,
    facts: TimesheetRuleFacts & { project: ProjectFacts },
    serverProblems: readonly TimesheetProblem[],
    context: CommandContext,
  ): Promise<SubmitTimesheetResult> {
    const today = facts.today;
    TimesheetFacts.throwIfAny([...timesheetBatchProblems(batch, facts), ...serverProblems]);

    const projectNames = new Map([[facts.project.projectId, facts.project.name]]);
    const byMonth = new Map<string, EntryToSubmit[]>();
    const entryIds = batch.items.map((item, index) => {
      const entryId = entryIdFor(context.commandId, index);
      const month = monthOf(item.date);
      const entries = byMonth.get(month) ?? [];
      entries.push({
        entryId,
        version: 1,
        movedFrom: null,
        fields: {
          projectId: batch.projectId,
          subProjectId: batch.subProjectId,
          date: item.date,
          hours: storedHours(item.hours),
          overtimeHours: item.overtimeHours,
          comment: item.comment,
        },
      });
      byMonth.set(month, entries);
      return entryId;
    });

    const commands = [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, entries]): SubmitTimesheet => ({
        type: 'SubmitTimesheet',
        data: { employeeId, month, today, entries, projectNames },
      }));
    // With several months, check them all before the first append (a single one is checked by its run).
    if (commands.length > 1)
      for (const command of commands)
        await dryRunLedgerCommand(this.store, employeeId, command.data.month, command);

    let position: LogPosition | null = null;
    for (const command of commands) {
      const outcome = await runLedgerCommand(this.store, employeeId, command.data.month, command, context);
      position = laterPosition(position, outcome.position);
    }
    return { entryIds, position };
  }
}
