import type {
  ExpenseClaimedData,
  ExpenseCorrectedData,
  ExpensesApprovedData,
  ExpenseWithdrawnData,
} from '../expenses';
import type { LockSpan, PeriodVerifiedData } from './periods';
import type { PeriodReturnedData, VerifiedKind } from './review';
import type {
  TimesheetEntryCorrectedData,
  TimesheetEntryWithdrawnData,
  TimesheetsApprovedData,
  TimesheetSubmittedData,
} from '../timesheets';

/**
 * Every event of the ledger stream `ledger-{employeeId}-{yyyy-mm}` (one person's time and expenses
 * of one month), as one typed union: the periods context owns the stream; the timesheets and
 * expenses deciders fold it and decide their own events. Type-only: shared by the backend's
 * deciders, which may import nothing but contracts and the kernel.
 */
export type TimesheetStreamEvent =
  | { readonly type: 'TimesheetSubmitted'; readonly data: TimesheetSubmittedData }
  | { readonly type: 'TimesheetEntryCorrected'; readonly data: TimesheetEntryCorrectedData }
  | { readonly type: 'TimesheetEntryWithdrawn'; readonly data: TimesheetEntryWithdrawnData };

export type ExpenseStreamEvent =
  | { readonly type: 'ExpenseClaimed'; readonly data: ExpenseClaimedData }
  | { readonly type: 'ExpenseCorrected'; readonly data: ExpenseCorrectedData }
  | { readonly type: 'ExpenseWithdrawn'; readonly data: ExpenseWithdrawnData };

export type PeriodStreamEvent =
  | { readonly type: 'PeriodVerified'; readonly data: PeriodVerifiedData }
  | { readonly type: 'TimesheetsApproved'; readonly data: TimesheetsApprovedData }
  | { readonly type: 'ExpensesApproved'; readonly data: ExpensesApprovedData }
  | { readonly type: 'PeriodReturned'; readonly data: PeriodReturnedData };

export type LedgerStreamEvent = TimesheetStreamEvent | ExpenseStreamEvent | PeriodStreamEvent;

/**
 * What the period holds for every part of the ledger: locks (verified projects, per kind: the
 * person verifies time and expenses separately) and approvals.
 */
export interface PeriodState {
  /** Per kind, per project: the days verified (locked) in the month, until returned. */
  readonly lockedProjectIds: Readonly<Record<VerifiedKind, ReadonlyMap<number, readonly LockSpan[]>>>;
  readonly approvedEntryIds: ReadonlySet<string>;
  readonly approvedExpenseIds: ReadonlySet<string>;
}

/**
 * One context's part of the ledger (time or expenses): it folds the stream into its own state and
 * decides its own events, reading the period's locks and approvals; the periods context's runner
 * loads the stream, folds the period and the part, decides and appends.
 */
export interface LedgerPart<S, C, E extends LedgerStreamEvent> {
  initialState(): S;
  /** Folds any event of the stream; events of other parts come through too (ignore them). */
  evolve(state: S, event: LedgerStreamEvent): S;
  /** May throw the kernel's DomainError. */
  decide(command: C, state: S, period: PeriodState): readonly E[];
}

export function ledgerStreamId(employeeId: number, month: string): string {
  return `ledger-${employeeId}-${month}`;
}
