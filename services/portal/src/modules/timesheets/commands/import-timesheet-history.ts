import { CommandHandler } from '@nestjs/cqrs';
import {
  monthOf,
  needsSubProject,
  storedHours,
  timesheetHistoryProblems,
  timesheetMessages as msg,
  type BusinessDate,
  type ProjectFacts,
} from '@portal/contracts';
import { DomainError, type FieldProblem } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId } from '../../../platform/event-store/command-context';
import { LedgerAccess, LedgerRunner, type LedgerPerson } from '../../periods';
import type { ProjectView } from '../../catalog';
import { timesheetPart, type EntryToSubmit, type SubmitEntries } from '../domain/ledger';

/** One past entry an admin imports, with whose it is. */
export interface TimesheetHistoryEntry {
  readonly employeeId: number;
  readonly projectId: number;
  readonly subProjectId: number | null;
  readonly date: BusinessDate;
  readonly hours: string | null;
  readonly overtimeHours: string | null;
  readonly comment: string;
}

/**
 * The entry's id, from what names it (person, project, sub-project, day, activity) and nothing
 * else: the same row imported again, from this file or another, is found recorded (decision 0287).
 */
export function historyEntryId(entry: TimesheetHistoryEntry): string {
  const key = [entry.employeeId, entry.projectId, entry.subProjectId ?? '', entry.date, entry.comment];
  return deriveEventId(`timesheet-history\u0000${key.join('\u0000')}`, 'timesheet-entry', 0);
}

/**
 * Past time entries of anyone the admin may see (the data import's timesheet history), in one
 * batch: every rule is checked for every entry (`entries.{i}.{field}`) before anything is
 * appended, then each person's month is one append to their ledger as an admin's change (no late
 * flag, past a verified lock). An entry already recorded as it is changes nothing.
 */
@Requires('admin')
export class ImportTimesheetHistory extends PortalCommand<{ readonly recorded: number }> {
  constructor(
    caller: Caller,
    readonly entries: readonly TimesheetHistoryEntry[],
  ) {
    super(caller);
  }
}

@CommandHandler(ImportTimesheetHistory)
export class ImportTimesheetHistoryHandler extends PortalCommandHandler<ImportTimesheetHistory> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly ledger: LedgerRunner,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle({
    caller,
    entries,
  }: ImportTimesheetHistory): Promise<{ readonly recorded: number }> {
    const people = await this.people(caller, entries);
    const projects = new Map<number, ProjectView | null>();
    const project = async (id: number) => {
      if (!projects.has(id)) projects.set(id, await this.access.visibleProject(caller.principal, id));
      return projects.get(id)!;
    };
    const today = await this.calendar.todayFor(caller.principal);
    const problems: FieldProblem[] = [];
    const byLedger = new Map<string, { person: LedgerPerson; month: string; entries: EntryToSubmit[] }>();
    const projectNames = new Map<number, string>();
    for (const [index, entry] of entries.entries()) {
      const at = (path: string, message: string) =>
        problems.push({ path: `entries.${index}.${path}`, message });
      const person = people.get(entry.employeeId);
      if (!person) {
        at('employeeId', msg.historyPersonUnknown(entry.employeeId));
        continue;
      }
      const found = await project(entry.projectId);
      if (!found) {
        at('projectId', msg.unknownProject(entry.projectId));
        continue;
      }
      // A sightstream person's time is on the second owner's projects only.
      const scope = ownerScopeOf(person);
      if (scope !== null && found.ownerId !== scope) {
        at('projectId', msg.historyProjectOutsidePersonScope(entry.projectId));
        continue;
      }
      const sub =
        needsSubProject(entry.projectId) && entry.subProjectId !== null
          ? await project(entry.subProjectId)
          : null;
      const facts = {
        project: factsOf(found),
        subProject: sub?.isSubProject ? factsOf(sub) : null,
        today,
      };
      const subProjectId = needsSubProject(entry.projectId) ? entry.subProjectId : null;
      const ruled = timesheetHistoryProblems({ ...entry, subProjectId }, facts);
      ruled.forEach((p) => at(p.path, p.message));
      if (ruled.length > 0) continue;
      projectNames.set(found.projectId, found.name);
      const month = monthOf(entry.date);
      const key = `${person.staffId}/${month}`;
      const group = byLedger.get(key) ?? { person, month, entries: [] };
      group.entries.push({
        entryId: historyEntryId(entry),
        version: 1,
        movedFrom: null,
        fields: {
          projectId: entry.projectId,
          subProjectId,
          date: entry.date,
          hours: storedHours(entry.hours),
          overtimeHours: entry.overtimeHours,
          comment: entry.comment,
        },
      });
      byLedger.set(key, group);
    }
    DomainError.throwIfAny(problems);

    let recorded = 0;
    for (const { person, month, entries: ledgerEntries } of byLedger.values()) {
      const decision: SubmitEntries = {
        type: 'SubmitTimesheet',
        data: {
          employeeId: person.staffId,
          month,
          today,
          entries: ledgerEntries,
          projectNames,
          byAdmin: true,
        },
      };
      try {
        const outcome = await this.ledger.run(person.staffId, month, timesheetPart, decision, caller.context);
        recorded += outcome.events.length;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'conflict')
          throw await this.recordedOtherwise(person.staffId, month, decision, entries);
        throw error;
      }
    }
    return { recorded };
  }

  /** Everyone the entries name whom the admin may see (an unknown staff id is left out). */
  private async people(
    caller: Caller,
    entries: readonly TimesheetHistoryEntry[],
  ): Promise<Map<number, LedgerPerson>> {
    const found = new Map<number, LedgerPerson>();
    for (const employeeId of new Set(entries.map((e) => e.employeeId))) {
      try {
        found.set(employeeId, await this.access.reviewedPerson(caller, employeeId));
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
      }
    }
    return found;
  }

  /** The 400 naming each entry of the month recorded before with other values (the decider refused it). */
  private async recordedOtherwise(
    employeeId: number,
    month: string,
    decision: SubmitEntries,
    entries: readonly TimesheetHistoryEntry[],
  ): Promise<DomainError> {
    const { state } = await this.ledger.dryRun(employeeId, month, timesheetPart, {
      ...decision,
      data: { ...decision.data, entries: [] },
    });
    const clashing = new Set(
      decision.data.entries
        .filter((e) => {
          const recorded = state.entries.get(e.entryId);
          return (
            recorded !== undefined &&
            (recorded.hours !== e.fields.hours || recorded.overtimeHours !== e.fields.overtimeHours)
          );
        })
        .map((e) => e.entryId),
    );
    const problems = entries.flatMap((entry, index) =>
      entry.employeeId === employeeId && clashing.has(historyEntryId(entry))
        ? [{ path: `entries.${index}.hours`, message: msg.historyRecordedOtherwise }]
        : [],
    );
    return DomainError.validation(problems);
  }
}

function factsOf(view: ProjectView): ProjectFacts {
  return { projectId: view.projectId, name: view.name, ownerId: view.ownerId, isActive: view.isActive };
}
