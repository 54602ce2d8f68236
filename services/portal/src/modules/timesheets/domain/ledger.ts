import {
  isLateEntry,
  timesheetMessages as msg,
  type BusinessDate,
  type LedgerPart,
  type LedgerStreamEvent,
  type PeriodState,
  type TimesheetEntryFields,
  type TimesheetStreamEvent,
  type TimesheetSubmittedData,
} from '@portal/contracts';
import {
  changeableRow,
  correctableRow,
  rowsToRecord,
  withCorrectedRow,
  withoutRow,
  withRow,
  type LedgerRows,
  type ProjectNames,
  type RowChange,
} from '../../../kernel/ledger-rows';

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
    /** An admin's change (the review's edit): see `AdminChange` (kernel/ledger-rows.ts); never late. */
    readonly byAdmin?: boolean;
  };
}

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
      const fields = { projectId, subProjectId, date, hours, overtimeHours, comment };
      const entry = { entryId, employeeId, ...fields, version: version ?? 1 };
      return { entries: withRow(state.entries, entryId, entry) };
    }
    case 'TimesheetEntryCorrected': {
      const { entryId, after, version } = event.data;
      return { entries: withCorrectedRow(state.entries, entryId, after, version) };
    }
    case 'TimesheetEntryWithdrawn':
      return { entries: withoutRow(state.entries, event.data.entryId) };
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

/** Time entries, to the rules every part of the ledger applies to its rows (locks, approval, versions). */
const entryRows: LedgerRows = {
  kind: 'timesheets',
  noun: 'Timesheet entry',
  approvedIds: (period) => period.approvedEntryIds,
  messages: {
    notEditable: msg.notEditable,
    notFound: msg.entryNotFound,
    approved: msg.approvedEntry,
    staleVersion: msg.staleVersion,
  },
};

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
  data: { readonly entryId: string } & RowChange,
): TimesheetEntry {
  return changeableRow(entryRows, period, data.entryId, state.entries.get(data.entryId), data);
}

function submit(command: SubmitEntries, state: TimesheetState, period: PeriodState): TimesheetStreamEvent[] {
  const { employeeId, today, entries } = command.data;
  const late = (date: BusinessDate) => !command.data.byAdmin && isLateEntry(date, today);
  const recorded = { idOf: (entry: EntryToSubmit) => entry.entryId, rows: state.entries };
  const sameAsRecorded = (entry: TimesheetEntry, fields: TimesheetEntryFields) =>
    sameFields(snapshot(entry), fields);
  return rowsToRecord(entryRows, period, command.data, entries, recorded, sameAsRecorded).map((entry) => ({
    type: 'TimesheetSubmitted',
    data: {
      entryId: entry.entryId,
      employeeId,
      ...entry.fields,
      lateEntry: late(entry.fields.date) || (entry.movedFrom !== null && late(entry.movedFrom.before.date)),
      version: entry.version,
      movedFrom: entry.movedFrom,
    },
  }));
}

function correct(command: CorrectEntry, state: TimesheetState, period: PeriodState): TimesheetStreamEvent[] {
  const { entryId, after, today } = command.data;
  const entry = correctableRow(entryRows, period, entryId, state.entries.get(entryId), command.data);
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
