import {
  isLateEntry,
  lockedOn,
  monthOf,
  reviewMessages,
  timesheetMessages as msg,
  type BusinessDate,
  type LedgerPart,
  type LedgerStreamEvent,
  type PeriodState,
  type TimesheetEntryFields,
  type TimesheetStreamEvent,
  type TimesheetSubmittedData,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';

/**
 * Time's part of the ledger `ledger-{employeeId}-{yyyy-mm}` (one person's month): the entries.
 * The periods context folds the locks (verified projects) and approvals and hands them to
 * `decide` as the PeriodState; this part never folds them itself.
 */
export interface TimesheetEntry extends TimesheetEntryFields {
  readonly entryId: string;
  readonly employeeId: number;
  readonly version: number;
}

export interface TimesheetState {
  readonly entries: ReadonlyMap<string, TimesheetEntry>;
}

/** Names for '{project} is not editable'; the handler supplies them (the domain does no lookups). */
export type ProjectNames = ReadonlyMap<number, string>;

export interface EntryToSubmit {
  readonly entryId: string;
  readonly fields: TimesheetEntryFields;
  /** 1 for a new entry; the moved entry's next version otherwise. */
  readonly version: number;
  readonly movedFrom: TimesheetSubmittedData['movedFrom'];
}

export interface SubmitEntries {
  readonly type: 'SubmitTimesheet';
  readonly data: {
    readonly employeeId: number;
    readonly month: string;
    readonly today: BusinessDate;
    readonly entries: readonly EntryToSubmit[];
    readonly projectNames: ProjectNames;
    /** An admin's change (the review's edit): see `AdminChange`. */
    readonly byAdmin?: boolean;
  };
}

/**
 * An admin's change (the review's edit dialog) ignores the person's lock (the admin corrects a
 * verified period) but never changes an approved entry, and is never the person's late entry.
 */
export type AdminChange = { readonly byAdmin?: boolean };

export interface CorrectEntry {
  readonly type: 'CorrectTimesheetEntry';
  readonly data: {
    readonly employeeId: number;
    readonly entryId: string;
    readonly expectedVersion: number;
    readonly after: TimesheetEntryFields;
    readonly today: BusinessDate;
    readonly projectNames: ProjectNames;
    readonly byAdmin?: boolean;
  };
}

export interface WithdrawEntry {
  readonly type: 'WithdrawTimesheetEntry';
  readonly data: {
    readonly employeeId: number;
    readonly entryId: string;
    readonly expectedVersion: number;
    readonly today: BusinessDate;
    readonly projectNames: ProjectNames;
    /** The month the entry moves to, when this withdrawal is half of a move. */
    readonly movedTo: string | null;
    readonly byAdmin?: boolean;
  };
}

export type TimesheetDecision = SubmitEntries | CorrectEntry | WithdrawEntry;

export function initialTimesheetState(): TimesheetState {
  return { entries: new Map() };
}

export function evolveTimesheets(state: TimesheetState, event: LedgerStreamEvent): TimesheetState {
  switch (event.type) {
    case 'TimesheetSubmitted': {
      const { entryId, employeeId, version, projectId, subProjectId, date, hours, overtimeHours, comment } =
        event.data;
      const entries = new Map(state.entries);
      const entry = { projectId, subProjectId, date, hours, overtimeHours, comment };
      entries.set(entryId, { entryId, employeeId, ...entry, version: version ?? 1 });
      return { entries };
    }
    case 'TimesheetEntryCorrected': {
      const current = state.entries.get(event.data.entryId);
      if (!current) return state;
      const entries = new Map(state.entries);
      entries.set(current.entryId, { ...current, ...event.data.after, version: event.data.version });
      return { entries };
    }
    case 'TimesheetEntryWithdrawn': {
      const entries = new Map(state.entries);
      entries.delete(event.data.entryId);
      return { entries };
    }
    default:
      // The period's and the expenses' events share the stream; the entries ignore them.
      return state;
  }
}

export function decideTimesheets(
  command: TimesheetDecision,
  state: TimesheetState,
  period: PeriodState,
): TimesheetStreamEvent[] {
  switch (command.type) {
    case 'SubmitTimesheet':
      return submit(command, state, period);
    case 'CorrectTimesheetEntry':
      return correct(command, state, period);
    case 'WithdrawTimesheetEntry':
      return withdraw(command, state, period);
    default:
      return assertNever(command);
  }
}

/** The timesheets' part of the ledger, as the periods context's LedgerRunner runs it. */
export const timesheetPart: LedgerPart<TimesheetState, TimesheetDecision, TimesheetStreamEvent> = {
  initialState: initialTimesheetState,
  evolve: evolveTimesheets,
  decide: decideTimesheets,
};

function nameOf(projectNames: ProjectNames, projectId: number): string {
  return projectNames.get(projectId) ?? `Project ${projectId}`;
}

/** The person's time on a project is locked once they verified their timesheets for it (admins pass). */
function assertUnlocked(
  period: PeriodState,
  row: { readonly projectId: number; readonly date: BusinessDate },
  projectNames: ProjectNames,
  change: AdminChange,
): void {
  const { projectId } = row;
  if (!change.byAdmin && lockedOn(period, 'timesheets', projectId, row.date)) {
    throw DomainError.locked(msg.notEditable(nameOf(projectNames, projectId)));
  }
}

function sameFields(a: TimesheetEntryFields, b: TimesheetEntryFields): boolean {
  return (
    a.projectId === b.projectId &&
    a.subProjectId === b.subProjectId &&
    a.date === b.date &&
    a.hours === b.hours &&
    a.overtimeHours === b.overtimeHours &&
    a.comment === b.comment
  );
}

function snapshot(entry: TimesheetEntry): TimesheetEntryFields {
  const { projectId, subProjectId, date, hours, overtimeHours, comment } = entry;
  return { projectId, subProjectId, date, hours, overtimeHours, comment };
}

/** The entry a correction or withdrawal targets: it exists, is the person's, unlocked, unapproved, current. */
function changeableEntry(
  state: TimesheetState,
  period: PeriodState,
  data: {
    employeeId: number;
    entryId: string;
    expectedVersion: number;
    projectNames: ProjectNames;
  } & AdminChange,
): TimesheetEntry {
  const entry = state.entries.get(data.entryId);
  if (!entry || entry.employeeId !== data.employeeId) throw DomainError.notFound(msg.entryNotFound);
  assertUnlocked(period, entry, data.projectNames, data);
  if (period.approvedEntryIds.has(entry.entryId)) {
    if (data.byAdmin) throw DomainError.conflict(reviewMessages.approvedIsFinal);
    throw DomainError.validation([{ path: 'id', message: msg.approvedEntry }]);
  }
  if (entry.version !== data.expectedVersion) throw DomainError.conflict(msg.staleVersion);
  return entry;
}

function submit(command: SubmitEntries, state: TimesheetState, period: PeriodState): TimesheetStreamEvent[] {
  const { employeeId, month, today, entries, projectNames } = command.data;
  const late = (date: BusinessDate) => !command.data.byAdmin && isLateEntry(date, today);
  const events: TimesheetStreamEvent[] = [];
  for (const entry of entries) {
    if (monthOf(entry.fields.date) !== month) {
      throw new Error(`Entry dated ${entry.fields.date} does not belong to the ledger of ${month}`);
    }
    assertUnlocked(period, entry.fields, projectNames, command.data);
    const existing = state.entries.get(entry.entryId);
    if (existing) {
      // A retried command (same command id, so same entry ids) finds its entries already here.
      if (sameFields(snapshot(existing), entry.fields)) continue;
      throw DomainError.conflict(`Timesheet entry ${entry.entryId} is already recorded.`);
    }
    const lateEntry =
      late(entry.fields.date) || (entry.movedFrom !== null && late(entry.movedFrom.before.date));
    events.push({
      type: 'TimesheetSubmitted',
      data: {
        entryId: entry.entryId,
        employeeId,
        ...entry.fields,
        lateEntry,
        version: entry.version,
        movedFrom: entry.movedFrom,
      },
    });
  }
  return events;
}

function correct(command: CorrectEntry, state: TimesheetState, period: PeriodState): TimesheetStreamEvent[] {
  const { after, today, projectNames } = command.data;
  const entry = changeableEntry(state, period, command.data);
  if (monthOf(after.date) !== monthOf(entry.date)) {
    throw new Error('A correction stays in its month; a move is a withdrawal plus a submission');
  }
  assertUnlocked(period, after, projectNames, command.data);
  const before = snapshot(entry);
  if (sameFields(before, after)) return [];
  const late = !command.data.byAdmin && (isLateEntry(before.date, today) || isLateEntry(after.date, today));
  return [
    {
      type: 'TimesheetEntryCorrected',
      data: {
        entryId: entry.entryId,
        employeeId: entry.employeeId,
        before,
        after,
        version: entry.version + 1,
        lateEntry: late,
      },
    },
  ];
}

function withdraw(
  command: WithdrawEntry,
  state: TimesheetState,
  period: PeriodState,
): TimesheetStreamEvent[] {
  const entry = changeableEntry(state, period, command.data);
  return [
    {
      type: 'TimesheetEntryWithdrawn',
      data: {
        entryId: entry.entryId,
        employeeId: entry.employeeId,
        before: snapshot(entry),
        lateEntry: !command.data.byAdmin && isLateEntry(entry.date, command.data.today),
        movedTo: command.data.movedTo,
      },
    },
  ];
}

function assertNever(value: never): never {
  throw new Error(`Unexpected timesheet command: ${JSON.stringify(value)}`);
}
