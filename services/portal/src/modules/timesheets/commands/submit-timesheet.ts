import { CommandHandler } from '@nestjs/cqrs';
import {
  monthOf,
  storedHours,
  timesheetBatchProblems,
  type SubmitTimesheetResponse,
  type TimesheetBatchRequest,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import { deriveEventId } from '../../../platform/event-store/command-context';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { laterPosition, LedgerAccess, LedgerRunner } from '../../periods';
import { timesheetPart, type EntryToSubmit, type SubmitEntries } from '../domain/ledger';
import { TimesheetFacts } from './timesheet-facts';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';

export type SubmitTimesheetResult = Omit<SubmitTimesheetResponse, 'position'> & {
  position: LogPosition | null;
};

/** Entry ids derive from the command id, so a retried batch finds its entries already recorded. */
export function entryIdFor(commandId: string, index: number): string {
  return deriveEventId(commandId, 'timesheet-entry', index);
}

/** Saves a batch of days for one project in the person's ledger. */
export class SubmitTimesheet extends PortalCommand<SubmitTimesheetResult> {
  constructor(
    caller: Caller,
    readonly batch: TimesheetBatchRequest,
    /** Whose ledger: the caller's own unless the portal itself (the demo seed) sends it. */
    readonly employeeId: number = caller.principal.staffId,
  ) {
    super(caller);
  }
}

/**
 * Each month's share of the batch goes to that month's ledger. Two months are two appends (not
 * atomic): every rule of both is checked before the first append, and a retry with the same
 * command id completes a half-written batch without doubling it.
 */
@CommandHandler(SubmitTimesheet)
export class SubmitTimesheetHandler extends PortalCommandHandler<SubmitTimesheet> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly facts: TimesheetFacts,
    private readonly ledger: LedgerRunner,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle(command: SubmitTimesheet): Promise<SubmitTimesheetResult> {
    const { batch, caller } = command;
    const context = caller.context;
    const person = await this.access.ledgerOf(caller, command.employeeId);
    const today = await this.calendar.dateFor(context.now, person);
    const { project } = await this.facts.check(person, batch.projectId, batch.subProjectId, today, (facts) =>
      timesheetBatchProblems(batch, facts),
    );
    const employeeId = person.staffId;
    const projectNames = new Map([[project.projectId, project.name]]);

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

    const decisions = [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, entries]): SubmitEntries => ({
        type: 'SubmitTimesheet',
        data: { employeeId, month, today, entries, projectNames },
      }));
    // With several months, check them all before the first append (a single one is checked by its run).
    if (decisions.length > 1)
      for (const decision of decisions)
        await this.ledger.dryRun(employeeId, decision.data.month, timesheetPart, decision);

    let position: LogPosition | null = null;
    for (const decision of decisions) {
      const outcome = await this.ledger.run(
        employeeId,
        decision.data.month,
        timesheetPart,
        decision,
        context,
      );
      position = laterPosition(position, outcome.position);
    }
    return { entryIds, position };
  }
}
