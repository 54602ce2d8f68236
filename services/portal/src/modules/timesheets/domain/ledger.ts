import {
  isLateEntry,
  monthOf,
  timesheetMessages as msg,
  type BusinessDate,
  type PeriodVerifiedData,
  type TimesheetEntryCorrectedData,
  type TimesheetEntryFields,
  type TimesheetEntryWithdrawnData,
  type TimesheetsApprovedData,
  type TimesheetSubmittedData,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';

/**
 * The ledger: one person's time entries for one calendar month, with what was approved and which
 * projects the person has verified (locked). Stream `ledger-{employeeId}-{yyyy-mm}`.
 */
export function ledgerStreamId(employeeId: number, month: string): string {
  return `ledger-${employeeId}-${month}`;
}

export type LedgerEvent =
  | { readonly type: 'TimesheetSubmitted'; readonly data: TimesheetSubmittedData }
  | { readonly type: 'TimesheetEntryCorrected'; readonly data: TimesheetEntryCorrectedData }
  | { readonly type: 'TimesheetEntryWithdrawn'; readonly data: TimesheetEntryWithdrawnData }
  | { readonly type: 'PeriodVerified'; readonly data: PeriodVerifiedData }
  | { readonly type: 'TimesheetsApproved'; readonly data: TimesheetsApprovedData };

export interface LedgerEntry extends TimesheetEntryFields {
  readonly entryId: string;
  readonly employeeId: number;
  readonly version: number;
  readonly approved: boolean;
}

export interface LedgerState {
  readonly entries: ReadonlyMap<string, LedgerEntry>;
  readonly lockedProjectIds: ReadonlySet<number>;
  readonly approvedEntryIds: ReadonlySet<string>;
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

export type SubmitTimesheet = {
  readonly type: 'SubmitTimesheet';
  readonly data: {
    readonly employeeId: number;
    readonly month: string;
    readonly today: BusinessDate;
    readonly entries: readonly EntryToSubmit[];
    readonly projectNames: ProjectNames;
  };
};

export type CorrectTimesheetEntry = {
  readonly type: 'CorrectTimesheetEntry';
  readonly data: {
    readonly employeeId: number;
    readonly entryId: string;
    readonly expectedVersion: number;
    readonly after: TimesheetEntryFields;
    readonly today: BusinessDate;
    readonly projectNames: ProjectNames;
  };
};

export type WithdrawTimesheetEntry = {
  readonly type: 'WithdrawTimesheetEntry';
  readonly data: {
    readonly employeeId: number;
    readonly entryId: string;
    readonly expectedVersion: number;
    readonly today: BusinessDate;
    readonly projectNames: ProjectNames;
    /** The month the entry moves to, when this withdrawal is half of a move. */
    readonly movedTo: string | null;
  };
};

export type VerifyPeriod = {
  readonly type: 'VerifyPeriod';
  readonly data: { readonly employeeId: number; readonly projectId: number; readonly month: string };
};

export type LedgerCommand = SubmitTimesheet | CorrectTimesheetEntry | WithdrawTimesheetEntry | VerifyPeriod;

export function initialLedgerState(): LedgerState {
  return { entries: new Map(), lockedProjectIds: new Set(), approvedEntryIds: new Set() };
}

/** An event of the same stream that another context owns (the ledger also holds expenses). */
export interface OtherLedgerEvent {
  readonly type: string;
  readonly data: unknown;
}

export function evolveLedger(state: LedgerState, other: LedgerEvent | OtherLedgerEvent): LedgerState {
  const event = other as LedgerEvent;
  switch (event.type) {
    case 'TimesheetSubmitted': {
      const { entryId, employeeId, version, projectId, subProjectId, date, hours, overtimeHours, comment } =
        event.data;
      const entries = new Map(state.entries);
      entries.set(entryId, {
        entryId,
        employeeId,
        projectId,
        subProjectId,
        date,
        hours,
        overtimeHours,
        comment,
        version: version ?? 1,
        approved: state.approvedEntryIds.has(entryId),
      });
      return { ...state, entries };
    }
    case 'TimesheetEntryCorrected': {
      const current = state.entries.get(event.data.entryId);
      if (!current) return state;
      const entries = new Map(state.entries);
      entries.set(current.entryId, { ...current, ...event.data.after, version: event.data.version });
      return { ...state, entries };
    }
    case 'TimesheetEntryWithdrawn': {
      const entries = new Map(state.entries);
      entries.delete(event.data.entryId);
      return { ...state, entries };
    }
    case 'PeriodVerified':
      return { ...state, lockedProjectIds: new Set([...state.lockedProjectIds, event.data.projectId]) };
    case 'TimesheetsApproved': {
      const entries = new Map(state.entries);
      for (const id of event.data.entryIds) {
        const entry = entries.get(id);
        if (entry) entries.set(id, { ...entry, approved: true });
      }
      return {
        ...state,
        entries,
        approvedEntryIds: new Set([...state.approvedEntryIds, ...event.data.entryIds]),
      };
    }
    default:
      // Expense events share the stream; time entries ignore them.
      return state;
  }
}

export function decideLedger(command: LedgerCommand, state: LedgerState): LedgerEvent[] {
  switch (command.type) {
    case 'SubmitTimesheet':
      return submit(command, state);
    case 'CorrectTimesheetEntry':
      return correct(command, state);
    case 'WithdrawTimesheetEntry':
      return withdraw(command, state);
    case 'VerifyPeriod':
      return verify(command, state);
    default:
      return assertNever(command);
  }
}

/** The decider as the platform's runner wants it. */
export const ledgerDecider = {
  initialState: initialLedgerState,
  evolve: evolveLedger,
  decide: decideLedger,
};

function nameOf(projectNames: ProjectNames, projectId: number): string {
  return projectNames.get(projectId) ?? `Project ${projectId}`;
}

function assertUnlocked(state: LedgerState, projectId: number, projectNames: ProjectNames): void {
  if (state.lockedProjectIds.has(projectId)) {
    throw new DomainError('locked', msg.notEditable(nameOf(projectNames, projectId)));
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

function snapshot(entry: LedgerEntry): TimesheetEntryFields {
  const { projectId, subProjectId, date, hours, overtimeHours, comment } = entry;
  return { projectId, subProjectId, date, hours, overtimeHours, comment };
}

/** The entry a correction or withdrawal targets: it exists, is the person's, unlocked, unapproved, current. */
function changeableEntry(
  state: LedgerState,
  data: { employeeId: number; entryId: string; expectedVersion: number; projectNames: ProjectNames },
): LedgerEntry {
  const entry = state.entries.get(data.entryId);
  if (!entry || entry.employeeId !== data.employeeId) throw new DomainError('not_found', msg.entryNotFound);
  assertUnlocked(state, entry.projectId, data.projectNames);
  if (entry.approved || state.approvedEntryIds.has(entry.entryId)) {
    throw new DomainError('validation', msg.approvedEntry, [{ path: 'id', message: msg.approvedEntry }]);
  }
  if (entry.version !== data.expectedVersion) throw new DomainError('conflict', msg.staleVersion);
  return entry;
}

function submit(command: SubmitTimesheet, state: LedgerState): LedgerEvent[] {
  const { employeeId, month, today, entries, projectNames } = command.data;
  const events: LedgerEvent[] = [];
  for (const entry of entries) {
    if (monthOf(entry.fields.date) !== month) {
      throw new Error(`Entry dated ${entry.fields.date} does not belong to the ledger of ${month}`);
    }
    assertUnlocked(state, entry.fields.projectId, projectNames);
    const existing = state.entries.get(entry.entryId);
    if (existing) {
      // A retried command (same command id, so same entry ids) finds its entries already here.
      if (sameFields(snapshot(existing), entry.fields)) continue;
      throw new DomainError('conflict', `Timesheet entry ${entry.entryId} is already recorded.`);
    }
    const lateEntry =
      isLateEntry(entry.fields.date, today) ||
      (entry.movedFrom !== null && isLateEntry(entry.movedFrom.before.date, today));
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

function correct(command: CorrectTimesheetEntry, state: LedgerState): LedgerEvent[] {
  const { after, today, projectNames } = command.data;
  const entry = changeableEntry(state, command.data);
  if (monthOf(after.date) !== monthOf(entry.date)) {
    throw new Error('A correction stays in its month; a move is a withdrawal plus a submission');
  }
  assertUnlocked(state, after.projectId, projectNames);
  const before = snapshot(entry);
  if (sameFields(before, after)) return [];
  return [
    {
      type: 'TimesheetEntryCorrected',
      data: {
        entryId: entry.entryId,
        employeeId: entry.employeeId,
        before,
        after,
        version: entry.version + 1,
        lateEntry: isLateEntry(before.date, today) || isLateEntry(after.date, today),
      },
    },
  ];
}

function withdraw(command: WithdrawTimesheetEntry, state: LedgerState): LedgerEvent[] {
  const entry = changeableEntry(state, command.data);
  return [
    {
      type: 'TimesheetEntryWithdrawn',
      data: {
        entryId: entry.entryId,
        employeeId: entry.employeeId,
        before: snapshot(entry),
        lateEntry: isLateEntry(entry.date, command.data.today),
        movedTo: command.data.movedTo,
      },
    },
  ];
}

function verify(command: VerifyPeriod, state: LedgerState): LedgerEvent[] {
  // Verifying twice changes nothing: the lock is already in place.
  if (state.lockedProjectIds.has(command.data.projectId)) return [];
  return [{ type: 'PeriodVerified', data: { ...command.data } }];
}

function assertNever(value: never): never {
  throw new Error(`Unexpected ledger message: ${JSON.stringify(value)}`);
}
