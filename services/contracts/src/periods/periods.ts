import { z } from 'zod';
import { daysBetween, endOfMonth, type BusinessDate } from '../kernel/dates';
import { dateField, endNotBeforeStart, maybeDateField, monthField, requestObject } from '../kernel/fields';
import type { PeriodState } from './ledger-stream';
import { VERIFIED_KINDS, type VerifiedKind } from './review';
import { bodyIdField, idField } from '../kernel/ids';
import { timesheetFieldLabels as label, timesheetMessages as msg } from '../timesheets/messages';

/**
 * The ledger stream `ledger-{employee}-{month}` that timesheets and expenses share: verifying a
 * month for a project (which locks it), the lock answer and the PeriodVerified event.
 */

/**
 * POST /api/ledgers/me/:month/verify {projectId, what?}: `what` is 'timesheets' or 'expenses' (the
 * two buttons of /verify-review); absent, both kinds are verified.
 */
export const verifyPeriodSchema = requestObject({
  projectId: bodyIdField(label.projectId, msg.projectRequired),
  what: z.enum(VERIFIED_KINDS, { error: `What must be one of ${VERIFIED_KINDS.join(', ')}` }).optional(),
});
export type VerifyPeriodRequest = z.output<typeof verifyPeriodSchema>;

export const ledgerMonthSchema = monthField(label.month);

/** GET /api/ledgers/:employeeId/:month/locks/:projectId: the path's parameters. */
export const ledgerLockParamsSchema = requestObject({
  employeeId: idField('Employee'),
  month: monthField('Month'),
  projectId: idField('Project'),
});

/** ...and its query: `date`, one day of that month (optional). Unknown keys are refused, as everywhere. */
export const ledgerLockQuerySchema = requestObject({ date: maybeDateField('Date') });

export interface LedgerLockResponse {
  readonly locked: true;
  /** The project's name, for '{project} is not editable'. */
  readonly project: string;
  readonly projectId: number;
  readonly month: string;
  readonly verifiedAt: string;
  /** The kinds verified (locked): 'timesheets', 'expenses' or both; the other kind stays editable. */
  readonly kinds: readonly VerifiedKind[];
  /** Which days of the month each lock covers (a billing period may lock part of a month). */
  readonly spans: readonly (LockSpan & { readonly kind: VerifiedKind })[];
  /** '{project} is not editable'. */
  readonly message: string;
}

export interface PeriodVerifiedData {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: string;
  /** The kind verified; absent (events before issue 8) means both. */
  readonly what?: VerifiedKind;
  /**
   * The days of `month` the verification covers (inclusive), when the project's billing period
   * covers only part of the month (a 26-to-25 period verifies 26-31 of one month and 1-25 of the
   * next); absent, the whole month.
   */
  readonly from?: BusinessDate;
  readonly through?: BusinessDate;
}

/** Days of one month a verification locks, inclusive. */
export interface LockSpan {
  readonly from: BusinessDate;
  readonly through: BusinessDate;
}

/** The days a PeriodVerified locks: its span, or its whole month. */
export function lockSpanOf(data: Pick<PeriodVerifiedData, 'month' | 'from' | 'through'>): LockSpan {
  const first = `${data.month}-01`;
  return { from: data.from ?? first, through: data.through ?? endOfMonth(first) };
}

/** Whether the spans cover `date`. */
export function spansCover(spans: readonly LockSpan[] | undefined, date: BusinessDate): boolean {
  return (spans ?? []).some((span) => span.from <= date && date <= span.through);
}

/** Whether the spans already cover every day of `wanted` (days are whole, so adjacent spans join). */
export function spansCoverAll(spans: readonly LockSpan[] | undefined, wanted: LockSpan): boolean {
  return daysBetween(wanted.from, wanted.through).every((day) => spansCover(spans, day));
}

/**
 * Whether the person's `kind` of `projectId` is locked on `date` (the ledger of the date's month):
 * a verification covering that day, not since returned.
 */
export function lockedOn(
  period: PeriodState,
  kind: VerifiedKind,
  projectId: number,
  date: BusinessDate,
): boolean {
  return spansCover(period.lockedProjectIds[kind].get(projectId), date);
}

/**
 * POST /api/ledgers/me/verify {projectId, what?, start, end}: verifies one billing period of the
 * project's cycle (start and end its first and last day); the server splits it by month.
 */
export const verifyRangeSchema = requestObject({
  projectId: bodyIdField(label.projectId, msg.projectRequired),
  what: z.enum(VERIFIED_KINDS, { error: `What must be one of ${VERIFIED_KINDS.join(', ')}` }).optional(),
  start: dateField('Start'),
  end: dateField('End'),
}).superRefine(endNotBeforeStart('End must not be before Start'));
export type VerifyRangeRequest = z.output<typeof verifyRangeSchema>;

export const verifyRangeMessages = {
  notABillingPeriod: (cycle: string) =>
    `Start and End must be the first and last day of one billing period of the project (${cycle}).`,
} as const;
