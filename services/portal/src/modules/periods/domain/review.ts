import {
  endOfMonth,
  monthOf,
  monthsBetween,
  reviewMessages as msg,
  startOfMonth,
  type BusinessDate,
  type LedgerPart,
  type PeriodReturnedData,
  type PeriodState,
  type PeriodStreamEvent,
  type ReviewRequestScope,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { evolveRows, initialRows, type LedgerRow, type LedgerRows } from './period';

/**
 * The admin's review of one ledger (one person's month): approve a project's rows dated in a
 * range, approve chosen expenses, return rows with a reason. A command over a range that spans
 * several months is decided once per month's ledger (the handler's job); each decision here sees
 * one month and only the rows dated inside the range.
 */

export interface Range {
  readonly start: BusinessDate;
  readonly end: BusinessDate;
}

/** What every decision may carry: the whole command, copied onto the events it records. */
interface OfRequest {
  readonly request?: ReviewRequestScope;
}

export interface ApprovePeriodDecision {
  readonly type: 'ApprovePeriod';
  readonly data: {
    readonly employeeId: number;
    readonly projectId: number;
    readonly month: string;
  } & Range &
    OfRequest;
}

export interface ApproveExpensesDecision {
  readonly type: 'ApproveExpenses';
  /** The chosen expenses the handler found in this month's ledger. */
  readonly data: {
    readonly employeeId: number;
    readonly month: string;
    readonly expenseIds: readonly string[];
  } & OfRequest;
}

export interface ReturnPeriodDecision {
  readonly type: 'ReturnPeriod';
  /** The ids are every chosen row of the command (other months' too: only this month's are returned here). */
  readonly data: PeriodReturnedData & Range;
}

export type ReviewDecision = ApprovePeriodDecision | ApproveExpensesDecision | ReturnPeriodDecision;

/** The command's scope for an event's data, when the decision carries one (absent: no key). */
const requestOf = (data: OfRequest) => (data.request ? { request: data.request } : {});

export type ReviewEvent = Extract<
  PeriodStreamEvent,
  { type: 'TimesheetsApproved' | 'ExpensesApproved' | 'PeriodReturned' }
>;

/** The decision carrying the whole command's scope, which every event it records then names. */
export function withRequest(decision: ReviewDecision, request: ReviewRequestScope): ReviewDecision {
  return { ...decision, data: { ...decision.data, request } } as ReviewDecision;
}

/** The calendar months a range touches, oldest first: one ledger each. */
export function monthsOfRange(range: Range): string[] {
  return monthsBetween(monthOf(range.start), monthOf(range.end));
}

const inRange = (row: LedgerRow, range: Range) => row.date >= range.start && row.date <= range.end;

/** Ids of the project's rows dated in the range, in the order they were recorded. */
function idsInRange(rows: ReadonlyMap<string, LedgerRow>, projectId: number, range: Range): string[] {
  return [...rows].filter(([, row]) => row.projectId === projectId && inRange(row, range)).map(([id]) => id);
}

function approvePeriod(
  { data }: ApprovePeriodDecision,
  rows: LedgerRows,
  period: PeriodState,
): ReviewEvent[] {
  const { employeeId, projectId, month } = data;
  const entryIds = idsInRange(rows.entries, projectId, data).filter((id) => !period.approvedEntryIds.has(id));
  const expenseIds = idsInRange(rows.expenses, projectId, data).filter(
    (id) => !period.approvedExpenseIds.has(id),
  );
  const events: ReviewEvent[] = [];
  const request = requestOf(data);
  if (entryIds.length > 0)
    events.push({ type: 'TimesheetsApproved', data: { entryIds, employeeId, projectId, month, ...request } });
  if (expenseIds.length > 0)
    events.push({ type: 'ExpensesApproved', data: { expenseIds, employeeId, projectId, month, ...request } });
  return events;
}

/** One ExpensesApproved per project (each names its project), skipping what is approved already. */
function approveExpenses(
  { data }: ApproveExpensesDecision,
  rows: LedgerRows,
  period: PeriodState,
): ReviewEvent[] {
  const byProject = new Map<number, string[]>();
  for (const id of data.expenseIds) {
    const row = rows.expenses.get(id);
    if (!row) throw DomainError.validation([{ path: 'expenseIds', message: msg.unknownRow(id) }]);
    if (period.approvedExpenseIds.has(id)) continue;
    byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), id]);
  }
  return [...byProject]
    .sort(([a], [b]) => a - b)
    .map(([projectId, expenseIds]) => ({
      type: 'ExpensesApproved' as const,
      data: { expenseIds, employeeId: data.employeeId, projectId, month: data.month, ...requestOf(data) },
    }));
}

/** The chosen ids this ledger holds: each must be of the project and dated in the range. */
function chosenHere(
  chosen: readonly string[],
  rows: ReadonlyMap<string, LedgerRow>,
  projectId: number,
  range: Range,
  path: string,
): string[] {
  const here = chosen.filter((id) => rows.has(id));
  const stray = here.find((id) => {
    const row = rows.get(id)!;
    return row.projectId !== projectId || !inRange(row, range);
  });
  if (stray) throw DomainError.validation([{ path, message: msg.unknownRow(stray) }]);
  return here;
}

/**
 * Returns this month's share of the command. Chosen rows: those of them in this ledger. No rows
 * chosen: when the range covers the whole month, the whole project-month (the event's empty
 * lists, which also reopens a kind verified without rows); otherwise the project's rows dated in
 * the range. Nothing to return here (no rows, no lock) records nothing.
 */
function returnPeriod({ data }: ReturnPeriodDecision, rows: LedgerRows, period: PeriodState): ReviewEvent[] {
  const { employeeId, projectId, month, reason } = data;
  const chose = data.entryIds.length > 0 || data.expenseIds.length > 0;
  let entryIds: string[];
  let expenseIds: string[];
  if (chose) {
    entryIds = chosenHere(data.entryIds, rows.entries, projectId, data, 'entryIds');
    expenseIds = chosenHere(data.expenseIds, rows.expenses, projectId, data, 'expenseIds');
    if (entryIds.length === 0 && expenseIds.length === 0) return [];
  } else {
    entryIds = idsInRange(rows.entries, projectId, data);
    expenseIds = idsInRange(rows.expenses, projectId, data);
    const firstDay = startOfMonth(`${month}-01`);
    const wholeMonth = data.start <= firstDay && data.end >= endOfMonth(firstDay);
    const locked =
      period.lockedProjectIds.timesheets.has(projectId) || period.lockedProjectIds.expenses.has(projectId);
    if (entryIds.length === 0 && expenseIds.length === 0 && !(wholeMonth && locked)) return [];
    if (wholeMonth) {
      entryIds = [];
      expenseIds = [];
    }
  }
  return [
    {
      type: 'PeriodReturned',
      data: { employeeId, projectId, month, reason, entryIds, expenseIds, ...requestOf(data) },
    },
  ];
}

/** The review's part of the ledger, as the periods context's LedgerRunner runs it. */
export const reviewPart: LedgerPart<LedgerRows, ReviewDecision, ReviewEvent> = {
  initialState: initialRows,
  evolve: evolveRows,
  decide: (command, rows, period) => {
    switch (command.type) {
      case 'ApprovePeriod':
        return approvePeriod(command, rows, period);
      case 'ApproveExpenses':
        return approveExpenses(command, rows, period);
      case 'ReturnPeriod':
        return returnPeriod(command, rows, period);
      default:
        throw new Error(`Unexpected review command: ${JSON.stringify(command)}`);
    }
  },
};
