import {
  lockSpanOf,
  VERIFIED_KINDS,
  type LockSpan,
  type BusinessDate,
  type LedgerStreamEvent,
  type PeriodReturnedData,
  type PeriodState,
  type VerifiedKind,
} from '@portal/contracts';

/**
 * The period's share of the ledger stream: which projects are verified (locked) for time and for
 * expenses, what is approved. To know which rows a return of a whole project covers, the fold also
 * keeps every row's project and date (`LedgerRows`).
 */

/** One time entry or expense of the ledger, as the period sees it. */
export interface LedgerRow {
  readonly projectId: number;
  readonly date: BusinessDate;
}

export interface LedgerRows {
  readonly entries: ReadonlyMap<string, LedgerRow>;
  readonly expenses: ReadonlyMap<string, LedgerRow>;
}

export interface PeriodFold extends PeriodState {
  readonly rows: LedgerRows;
}

export function initialRows(): LedgerRows {
  return { entries: new Map(), expenses: new Map() };
}

function withRow(
  rows: ReadonlyMap<string, LedgerRow>,
  id: string,
  row: LedgerRow | null,
): ReadonlyMap<string, LedgerRow> {
  const next = new Map(rows);
  if (row) next.set(id, row);
  else next.delete(id);
  return next;
}

/** Folds the rows' projects and dates (time and expenses); other events change nothing. */
export function evolveRows(rows: LedgerRows, event: LedgerStreamEvent): LedgerRows {
  switch (event.type) {
    case 'TimesheetSubmitted': {
      const { entryId, projectId, date } = event.data;
      return { ...rows, entries: withRow(rows.entries, entryId, { projectId, date }) };
    }
    case 'TimesheetEntryCorrected': {
      if (!rows.entries.has(event.data.entryId)) return rows;
      const { projectId, date } = event.data.after;
      return { ...rows, entries: withRow(rows.entries, event.data.entryId, { projectId, date }) };
    }
    case 'TimesheetEntryWithdrawn':
      return { ...rows, entries: withRow(rows.entries, event.data.entryId, null) };
    case 'ExpenseClaimed': {
      const { expenseId, projectId, date } = event.data;
      return { ...rows, expenses: withRow(rows.expenses, expenseId, { projectId, date }) };
    }
    case 'ExpenseCorrected': {
      if (!rows.expenses.has(event.data.expenseId)) return rows;
      const { projectId, date } = event.data.after;
      return { ...rows, expenses: withRow(rows.expenses, event.data.expenseId, { projectId, date }) };
    }
    case 'ExpenseWithdrawn':
      return { ...rows, expenses: withRow(rows.expenses, event.data.expenseId, null) };
    default:
      return rows;
  }
}

export function initialPeriodState(): PeriodFold {
  return {
    lockedProjectIds: { timesheets: new Map(), expenses: new Map() },
    approvedEntryIds: new Set(),
    approvedExpenseIds: new Set(),
    rows: initialRows(),
  };
}

/** The kinds a verification covers: the one it names, or both (events before issue 8). */
export function kindsOf(what: VerifiedKind | undefined): readonly VerifiedKind[] {
  return what ? [what] : VERIFIED_KINDS;
}

/** A whole return (both id lists empty) covers every row of the project in the month. */
export function isWholeReturn(data: Pick<PeriodReturnedData, 'entryIds' | 'expenseIds'>): boolean {
  return data.entryIds.length === 0 && data.expenseIds.length === 0;
}

/** The ids a return covers, per kind (a whole return: every row of its project). */
export function returnedIds(
  data: PeriodReturnedData,
  rows: LedgerRows,
): { entryIds: readonly string[]; expenseIds: readonly string[] } {
  if (!isWholeReturn(data)) return { entryIds: data.entryIds, expenseIds: data.expenseIds };
  const ofProject = (map: ReadonlyMap<string, LedgerRow>) =>
    [...map].filter(([, row]) => row.projectId === data.projectId).map(([id]) => id);
  return { entryIds: ofProject(rows.entries), expenseIds: ofProject(rows.expenses) };
}

/** The kinds a return reopens: each kind it returns rows of; a whole return reopens both. */
export function reopenedKinds(data: PeriodReturnedData): readonly VerifiedKind[] {
  if (isWholeReturn(data)) return VERIFIED_KINDS;
  return VERIFIED_KINDS.filter(
    (kind) => (kind === 'timesheets' ? data.entryIds : data.expenseIds).length > 0,
  );
}

type Locks = PeriodState['lockedProjectIds'];
type ProjectLocks = Locks[VerifiedKind];

function without<T>(set: ReadonlySet<T>, items: readonly T[]): ReadonlySet<T> {
  if (items.length === 0) return set;
  const next = new Set(set);
  for (const item of items) next.delete(item);
  return next;
}

function locksWith(
  locks: Locks,
  kinds: readonly VerifiedKind[],
  change: (projects: ProjectLocks) => ProjectLocks,
): Locks {
  const next = { ...locks };
  for (const kind of kinds) next[kind] = change(locks[kind]);
  return next;
}

/** The project's locks with one more span of days. */
function withSpan(projects: ProjectLocks, projectId: number, span: LockSpan): ProjectLocks {
  const next = new Map(projects);
  next.set(projectId, [...(projects.get(projectId) ?? []), span]);
  return next;
}

/** Without any lock of the project (a return reopens the project's month). */
function withoutProject(projects: ProjectLocks, projectId: number): ProjectLocks {
  if (!projects.has(projectId)) return projects;
  const next = new Map(projects);
  next.delete(projectId);
  return next;
}

export function evolvePeriod(state: PeriodFold, event: LedgerStreamEvent): PeriodFold {
  const rows = evolveRows(state.rows, event);
  switch (event.type) {
    case 'PeriodVerified': {
      const { projectId, what } = event.data;
      const span = lockSpanOf(event.data);
      const lockedProjectIds = locksWith(state.lockedProjectIds, kindsOf(what), (projects) =>
        withSpan(projects, projectId, span),
      );
      return { ...state, rows, lockedProjectIds };
    }
    case 'TimesheetsApproved':
      return {
        ...state,
        rows,
        approvedEntryIds: new Set([...state.approvedEntryIds, ...event.data.entryIds]),
      };
    case 'ExpensesApproved':
      return {
        ...state,
        rows,
        approvedExpenseIds: new Set([...state.approvedExpenseIds, ...event.data.expenseIds]),
      };
    case 'PeriodReturned': {
      const { projectId } = event.data;
      const returned = returnedIds(event.data, state.rows);
      const lockedProjectIds = locksWith(state.lockedProjectIds, reopenedKinds(event.data), (projects) =>
        withoutProject(projects, projectId),
      );
      return {
        ...state,
        rows,
        lockedProjectIds,
        approvedEntryIds: without(state.approvedEntryIds, returned.entryIds),
        approvedExpenseIds: without(state.approvedExpenseIds, returned.expenseIds),
      };
    }
    default:
      return rows === state.rows ? state : { ...state, rows };
  }
}
