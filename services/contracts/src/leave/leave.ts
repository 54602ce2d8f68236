/**
 * Leave contracts: a person's leave requests (spec §3 'Leave'), the events of the stream
 * `leave-{employeeId}`, the rules the form and the server share, the messages, and the views.
 */
import type { FieldChanges } from '../kernel/changes';
import type { BusinessDate } from '../kernel/dates';

/** The spec's leave types, in the form's order. */
export const LEAVE_TYPES = ['Sick', 'Vacation', 'Personal', 'Work From Home'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];

export function isLeaveType(value: unknown): value is LeaveType {
  return typeof value === 'string' && (LEAVE_TYPES as readonly string[]).includes(value);
}

/** The most notes a leave keeps. */
export const LEAVE_NOTES_MAX_LENGTH = 500;

/** The widest period the leave calendars ask for at once (a year and a bit). */
export const LEAVE_PERIOD_MAX_DAYS = 400;

/** Everything a leave request holds besides its id and whose it is. */
export interface LeaveDetails {
  readonly leaveType: LeaveType;
  readonly fromDate: BusinessDate;
  readonly toDate: BusinessDate;
  readonly notes: string;
}

export const LEAVE_FIELDS = [
  'leaveType',
  'fromDate',
  'toDate',
  'notes',
] as const satisfies readonly (keyof LeaveDetails)[];

/** The label of each field, as the form shows it and the messages name it. */
export const LEAVE_FIELD_LABELS: Readonly<Record<keyof LeaveDetails, string>> = {
  leaveType: 'Leave Type',
  fromDate: 'From',
  toDate: 'To',
  notes: 'Notes',
};

// ---- Events (stream leave-{employeeId}) ---------------------------------------------------

export interface LeaveRequested extends LeaveDetails {
  readonly leaveId: string;
  readonly employeeId: number;
}

/** Exactly the fields that changed, before and after. */
export interface LeaveChanged extends FieldChanges<LeaveDetails> {
  readonly leaveId: string;
  readonly employeeId: number;
}

/** Taken back by the person; the log keeps it. */
export interface LeaveRemoved {
  readonly leaveId: string;
  readonly employeeId: number;
}

// ---- Rules ------------------------------------------------------------------------------

/** Do two leaves (inclusive date ranges) share a day? */
export function leavesOverlap(
  a: Pick<LeaveDetails, 'fromDate' | 'toDate'>,
  b: Pick<LeaveDetails, 'fromDate' | 'toDate'>,
): boolean {
  return a.fromDate <= b.toDate && b.fromDate <= a.toDate;
}

/** The part of a leave within a period (both ends included); null when they share no day. */
export function leaveWithin(
  leave: Pick<LeaveDetails, 'fromDate' | 'toDate'>,
  period: { readonly start: BusinessDate; readonly end: BusinessDate },
): { readonly first: BusinessDate; readonly last: BusinessDate } | null {
  const first = leave.fromDate > period.start ? leave.fromDate : period.start;
  const last = leave.toDate < period.end ? leave.toDate : period.end;
  return first <= last ? { first, last } : null;
}

export const leaveMessages = {
  required: (field: string) => `${field} is required.`,
  notALeaveType: `Leave Type must be one of ${LEAVE_TYPES.join(', ')}.`,
  notADate: (field: string) => `${field} must be a date (YYYY-MM-DD).`,
  toBeforeFrom: 'To must not be before From.',
  notesTooLong: `Notes must be at most ${LEAVE_NOTES_MAX_LENGTH} characters.`,
  overlaps: (other: Pick<LeaveDetails, 'leaveType' | 'fromDate' | 'toDate'>) =>
    `This leave overlaps your ${other.leaveType} leave from ${other.fromDate} to ${other.toDate}.`,
  notFound: (id: string) => `Leave ${id} does not exist.`,
  notYours: 'You can only change your own leave.',
  versionRequired: 'Version must have a value',
  staleVersion:
    'This leave was changed in the meantime (in another tab or on another device). The form now shows it as it is: check it and save again.',
  outOfScope: 'You may see only the leave of your own organisation’s people.',
  periodTooLong: `A period may span at most ${LEAVE_PERIOD_MAX_DAYS} days.`,
  endBeforeStart: 'End must not be before Start.',
  // The spec's texts here were copied from the candidate screen by mistake
  // (docs/decisions/0167-leave-stream-and-rules.md).
  added: 'Leave has been added.',
  updated: 'Leave has been updated.',
  deleted: 'Leave has been deleted.',
  failed: 'The leave could not be saved, please try again.',
  confirmDelete: (l: Pick<LeaveDetails, 'leaveType' | 'fromDate' | 'toDate'>) =>
    `Are you sure you want to delete your ${l.leaveType} leave from ${l.fromDate} to ${l.toDate}?`,
  onLeave: (leaveType: LeaveType) => `On leave (${leaveType})`,
} as const;

// ---- Views ------------------------------------------------------------------------------

/** GET /api/leave: one of the person's own leaves. */
export interface LeaveView extends LeaveDetails {
  readonly leaveId: string;
  /** How many times it was recorded (1 = as requested); the edit dialog starts afresh per version. */
  readonly version: number;
}

/** GET /api/admin/leave: one leave of the team, with whose it is. */
export interface TeamLeaveView extends LeaveView {
  readonly employeeId: number;
  readonly employeeName: string;
}

/** GET /api/admin/leave: the leaves in the period, and the people the filter offers. */
export interface TeamLeaveAnswer {
  readonly leaves: readonly TeamLeaveView[];
  readonly people: readonly { readonly staffId: number; readonly name: string }[];
}

/** GET /api/leave/days: one day of the person's own leave. */
export interface LeaveDay {
  readonly date: BusinessDate;
  readonly leaveType: LeaveType;
}

/** What a leave command answers: the leave, and where its event landed ("commit/prepare"; null: nothing changed). */
export interface LeaveChangeAnswer {
  readonly leaveId: string;
  readonly position: string | null;
}
