import type { BusinessDate } from '../kernel/dates';
import type { ExpenseRow } from '../expenses/model';
import type { TimesheetRow } from '../timesheets/model';

/**
 * The review loop's shared vocabulary (issue 8): where a row and a period stand, what the admin's
 * approve and return send, and the events they record on `ledger-{employeeId}-{yyyy-mm}`.
 * Request schemas live beside their handlers' contexts (review-requests.ts); this file is the
 * part every side (server, web, board, emails) names.
 */

/**
 * Where one timesheet entry or expense stands, in the order a period moves through:
 * - entered: saved by the person, still theirs to change;
 * - verified: the person submitted its kind (time or expenses) for the project and month;
 * - approved: an admin approved it (final for the person);
 * - returned: an admin sent it back with a reason; the person may change it and verify again.
 */
export const ROW_STATES = ['entered', 'verified', 'approved', 'returned'] as const;
export type RowState = (typeof ROW_STATES)[number];

/** Where a person's project and period stands on the board: its rows' least advanced state. */
export const PERIOD_STATES = ['nothing', 'entered', 'verified', 'approved', 'returned'] as const;
export type PeriodStateName = (typeof PERIOD_STATES)[number];

/** What a verification covers: the person's time or their expenses (two buttons on /verify-review). */
export const VERIFIED_KINDS = ['timesheets', 'expenses'] as const;
export type VerifiedKind = (typeof VERIFIED_KINDS)[number];

/** The longest reason of a return, in characters as a person sees them (kernel/text.ts). */
export const MAX_RETURN_REASON_LENGTH = 1000;

export const reviewMessages = {
  verifyTimesheetsConfirm: 'Are you sure you want to submit all timesheets for the selected period?',
  verifyExpensesConfirm: 'Are you sure you want to submit all expenses for the selected period?',
  verified: 'Selected expenses have been verified.',
  verifyFailed: 'Error processing your request.',
  approved: 'Expenses Approved Successfully',
  approveFailed: 'Something went Wrong',
  returned: 'The period has been returned to the person.',
  reasonRequired: 'Reason is required.',
  reasonTooLong: `Reason must be at most ${MAX_RETURN_REASON_LENGTH} characters.`,
  nothingToApprove: 'There is nothing to approve for this selection.',
  nothingToReturn: 'There is nothing to return for this selection.',
  selectExpenses: 'Select at least one expense to approve.',
  unknownRow: (id: string) => `Row ${id} is not part of this period.`,
  approvedIsFinal: 'This row is approved and can no longer be changed.',
  adminsOnly: 'Only admins can review, approve or return periods.',
  ownPeriod: 'You cannot approve or return your own period.',
  ownRows: 'You cannot edit your own rows as an admin; change them on your own timesheet or expense screen.',
  rowOutsideScope: 'This row is on a project outside your scope.',
} as const;

// ---------------------------------------------------------------------------------------------
// Events on `ledger-{employeeId}-{yyyy-mm}`

/**
 * The review command an approval or return is part of, on each of its events: the range the admin
 * named (null for chosen expenses, which name no range) and every month ledger the command writes,
 * oldest first. The person's e-mail covers the whole command from it. Absent on events recorded
 * before it was added.
 */
export interface ReviewRequestScope {
  readonly start: BusinessDate | null;
  readonly end: BusinessDate | null;
  readonly months: readonly string[];
}

/**
 * An admin sent rows of a person's project and month back, with a reason. Empty id lists mean
 * every row of that project in the month (time and expenses). Returned rows lose their approval
 * and their kind's lock, so the person may change them and verify again.
 */
export interface PeriodReturnedData {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: string;
  readonly reason: string;
  readonly entryIds: readonly string[];
  readonly expenseIds: readonly string[];
  readonly request?: ReviewRequestScope;
}

// ---------------------------------------------------------------------------------------------
// The admin review (GET /api/admin/review)

/** Whose a row of the review is: the person's, under the owner of its project (the admin's scope). */
export interface ReviewRowPerson {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly ownerId: number;
}

/** A time entry as the review lists it: the person's own list row, with whose it is; its state says approved or locked. */
export interface ReviewTimeRow extends Omit<TimesheetRow, 'isApproved' | 'verifiedAt'>, ReviewRowPerson {}

/** An expense as the review lists it: the person's own list row without its batch, receipt name and flags, with whose it is. */
export interface ReviewExpenseRow
  extends
    Omit<
      ExpenseRow,
      'activityDate' | 'totalAmount' | 'groupId' | 'receiptFileName' | 'isApproved' | 'verifiedAt'
    >,
    ReviewRowPerson {}

export interface ReviewPersonTotals {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly hours: string;
  readonly overtimeHours: string;
  readonly timesheetValue: string;
  readonly expensesClaimed: string;
  /** timesheetValue + expensesClaimed. */
  readonly total: string;
}

export interface ReviewResponse {
  readonly time: readonly ReviewTimeRow[];
  readonly expenses: readonly ReviewExpenseRow[];
  readonly people: readonly ReviewPersonTotals[];
  readonly totals: Omit<ReviewPersonTotals, 'employeeId' | 'employeeName'>;
  /** Owner 2 chosen, or any row of owner 2 or of projects 61 / 64. */
  readonly showOvertime: boolean;
}

/** What approve and return answer. */
export interface ReviewCommandResponse {
  readonly approvedEntries: number;
  readonly approvedExpenses: number;
  readonly returnedEntries: number;
  readonly returnedExpenses: number;
  readonly position: string | null;
}
