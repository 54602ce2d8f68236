import type { BusinessDate } from '../kernel/dates';
import type { ReviewRequestScope, RowState } from '../periods/review';

/** Timesheet responses of the API and event payloads on `ledger-{employeeId}-{yyyy-mm}`. */

// ---------------------------------------------------------------------------------------------
// Responses

export interface TimesheetRow {
  readonly id: string;
  readonly date: BusinessDate;
  readonly projectId: number;
  readonly projectName: string;
  readonly subProjectId: number | null;
  readonly subProjectName: string | null;
  /** The activity comment (the spec's "activity"); the table shows '(empty)' when blank. */
  readonly activity: string;
  readonly hours: string;
  readonly overtimeHours: string | null;
  readonly comment: string;
  /** hours x 200 truncated to 2 decimals. */
  readonly value: string;
  readonly isApproved: boolean;
  readonly verifiedAt: string | null;
  /** Where the row stands in the review loop (approved, returned, verified or entered). */
  readonly state: RowState;
  /** The admin's reason while the row is returned (cleared when the person verifies again). */
  readonly returnReason: string | null;
  readonly version: number;
}

export interface TimesheetTotals {
  readonly hours: string;
  readonly overtimeHours: string;
  /** Sum of the rows' values (each already truncated), 2 decimals. */
  readonly value: string;
}

export interface TimesheetList {
  readonly rows: readonly TimesheetRow[];
  readonly totals: TimesheetTotals;
  /** The person has an active billable project with overtime (owner 2, or 61/64). */
  readonly showOvertime: boolean;
}

export interface SubmitTimesheetResponse {
  readonly entryIds: readonly string[];
  readonly position: string | null;
}

export interface TimesheetCommandResponse {
  readonly position: string | null;
}

// ---------------------------------------------------------------------------------------------
// Events on `ledger-{employeeId}-{yyyy-mm}`

export const TIMESHEET_EVENT_TYPES = [
  'TimesheetSubmitted',
  'TimesheetEntryCorrected',
  'TimesheetEntryWithdrawn',
  'PeriodVerified',
  'TimesheetsApproved',
  'PeriodReturned',
] as const;

export interface TimesheetEntryFields {
  readonly projectId: number;
  readonly subProjectId: number | null;
  readonly date: BusinessDate;
  /** Decimal string; '0' when only overtime was recorded. */
  readonly hours: string;
  readonly overtimeHours: string | null;
  readonly comment: string;
}

export interface TimesheetSubmittedData extends TimesheetEntryFields {
  readonly entryId: string;
  readonly employeeId: number;
  readonly lateEntry: boolean;
  /** 1 for a new entry; the next version when the entry moved here from another month. */
  readonly version: number;
  /** Set when an edit moved the entry here from another month's ledger. */
  readonly movedFrom: { readonly month: string; readonly before: TimesheetEntryFields } | null;
}

export interface TimesheetEntryCorrectedData {
  readonly entryId: string;
  readonly employeeId: number;
  readonly before: TimesheetEntryFields;
  readonly after: TimesheetEntryFields;
  /** The entry's version after the correction. */
  readonly version: number;
  readonly lateEntry: boolean;
}

export interface TimesheetEntryWithdrawnData {
  readonly entryId: string;
  readonly employeeId: number;
  readonly before: TimesheetEntryFields;
  readonly lateEntry: boolean;
  /** Set when the entry was withdrawn because an edit moved it to another month. */
  readonly movedTo: string | null;
}

/**
 * An admin approved time entries of one ledger. The approve command names whose, which project
 * and which month (for auditors and the person's e-mail); events recorded before issue 8 (the
 * demo seed's) carry only the ids.
 */
export interface TimesheetsApprovedData {
  readonly entryIds: readonly string[];
  readonly employeeId?: number;
  readonly projectId?: number;
  readonly month?: string;
  /** The whole review command (range and months written); see ReviewRequestScope. */
  readonly request?: ReviewRequestScope;
}
