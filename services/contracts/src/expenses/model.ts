import type { BusinessDate } from '../kernel/dates';
import type { ReviewRequestScope, RowState } from '../periods/review';

/** Expense responses of the API and event payloads on `ledger-{employeeId}-{yyyy-mm}`. */

// ---------------------------------------------------------------------------------------------
// Responses

/** The fields of one expense: in its events and, with names and state, in the list rows. */
export interface ExpenseFields {
  readonly projectId: number;
  readonly categoryId: number;
  readonly date: BusinessDate;
  readonly activityDate: BusinessDate | null;
  /** The receipt currency. */
  readonly currency: string;
  readonly amount: string;
  /** Type 16's Total Amount; null otherwise. */
  readonly totalAmount: string | null;
  /** Decimal string; '1' when there was no conversion. */
  readonly rate: string;
  readonly projectCurrency: string | null;
  /** amount x rate truncated to 2 decimals. */
  readonly claimed: string;
  readonly isBillable: boolean;
  readonly comment: string;
  readonly receiptId: string | null;
  /** The per diem / accommodation batch the expense belongs to. */
  readonly groupId: string | null;
}

/** A saved expense as the list shows it: its fields plus names, receipt, approval and lock. */
export interface ExpenseRow extends ExpenseFields {
  readonly id: string;
  readonly projectName: string;
  readonly categoryName: string;
  readonly receiptFileName: string | null;
  readonly isApproved: boolean;
  readonly verifiedAt: string | null;
  /** Where the row stands in the review loop (approved, returned, verified or entered). */
  readonly state: RowState;
  /** The admin's reason while the row is returned (cleared when the person verifies again). */
  readonly returnReason: string | null;
  readonly version: number;
}

export interface ExpenseList {
  readonly rows: readonly ExpenseRow[];
  readonly totals: { readonly claimed: string };
  /** The contractor's totals over the same range and project: timesheet value + expenses claimed. */
  readonly contractorTotal: {
    readonly timesheetValue: string;
    readonly expensesClaimed: string;
    readonly total: string;
  };
}

export interface ClaimExpensesResponse {
  readonly expenseIds: readonly string[];
  readonly position: string | null;
}

export interface ExpenseCommandResponse {
  readonly position: string | null;
}

// ---------------------------------------------------------------------------------------------
// Events on `ledger-{employeeId}-{yyyy-mm}` (the same streams as timesheets)

export const EXPENSE_EVENT_TYPES = [
  'ExpenseClaimed',
  'ExpenseCorrected',
  'ExpenseWithdrawn',
  'ExpensesApproved',
  'PeriodReturned',
] as const;

export interface ExpenseClaimedData extends ExpenseFields {
  readonly expenseId: string;
  readonly employeeId: number;
  /** 1 for a new expense; the next version when an edit moved it here from another month. */
  readonly version: number;
  readonly movedFrom: { readonly month: string; readonly before: ExpenseFields } | null;
}

export interface ExpenseCorrectedData {
  readonly expenseId: string;
  readonly employeeId: number;
  readonly before: ExpenseFields;
  readonly after: ExpenseFields;
  readonly version: number;
}

export interface ExpenseWithdrawnData {
  readonly expenseId: string;
  readonly employeeId: number;
  readonly before: ExpenseFields;
  /** Set when the expense was withdrawn because an edit moved it to another month. */
  readonly movedTo: string | null;
}

/**
 * An admin approved expenses of one ledger (one project: the approve commands record one event per
 * project). Events recorded before issue 8 carry only the ids.
 */
export interface ExpensesApprovedData {
  readonly expenseIds: readonly string[];
  readonly employeeId?: number;
  readonly projectId?: number;
  readonly month?: string;
  readonly request?: ReviewRequestScope;
}
