import { z } from 'zod';
import { daysFrom, isBusinessDate, type BusinessDate } from '../kernel/dates';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';
import { bodyVersionField, NOT_FOUND_ISSUE, optionalIdField } from '../kernel/ids';
import { freeTextProblem } from '../kernel/text';
import {
  LEAVE_FIELD_LABELS as LABEL,
  LEAVE_NOTES_MAX_LENGTH,
  LEAVE_PERIOD_MAX_DAYS,
  isLeaveType,
  leaveMessages,
  type LeaveDetails,
  type LeaveType,
} from './leave';

/** Requests of /api/leave and /api/admin/leave: zod schemas naming field and rule. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const leaveTypeField = anyValue().transform((value, ctx): LeaveType => {
  if (isBlank(value)) return refuse(ctx, leaveMessages.required(LABEL.leaveType));
  const text = typeof value === 'string' ? value.trim() : value;
  return isLeaveType(text) ? text : refuse(ctx, leaveMessages.notALeaveType);
});

function requiredDate(label: string) {
  return anyValue().transform((value, ctx): BusinessDate => {
    if (isBlank(value)) return refuse(ctx, leaveMessages.required(label));
    if (typeof value !== 'string' || !isBusinessDate(value.trim()))
      return refuse(ctx, leaveMessages.notADate(label));
    return value.trim();
  });
}

const notesField = anyValue().transform((value, ctx): string => {
  if (isBlank(value) || typeof value !== 'string') return refuse(ctx, leaveMessages.required(LABEL.notes));
  const text = value.trim();
  const problem = freeTextProblem(LABEL.notes, text, LEAVE_NOTES_MAX_LENGTH, leaveMessages.notesTooLong);
  return problem ? refuse(ctx, problem) : text;
});

const leaveFormShape = {
  leaveType: leaveTypeField,
  fromDate: requiredDate(LABEL.fromDate),
  toDate: requiredDate(LABEL.toDate),
  notes: notesField,
};

function checkToDate(leave: LeaveDetails, ctx: z.RefinementCtx): void {
  if (leave.toDate < leave.fromDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: leaveMessages.toBeforeFrom });
}

/** POST /api/leave: the whole form; To may not be before From. */
export const leaveRequestSchema = requestObject(leaveFormShape).superRefine(checkToDate) satisfies z.ZodType<
  LeaveDetails,
  unknown
>;
export type LeaveRequest = z.input<typeof leaveRequestSchema>;

/**
 * PUT /api/leave/:id: the whole form and the version the person saw (optimistic concurrency: a
 * stale one is a 409 whose `current` holds the leave as it is now).
 */
export const leaveChangeSchema = requestObject({
  ...leaveFormShape,
  version: bodyVersionField(leaveMessages.versionRequired),
}).superRefine(checkToDate);
export type LeaveChangeRequest = z.input<typeof leaveChangeSchema>;
export type LeaveChange = z.output<typeof leaveChangeSchema>;

/** A leave id of a path: 404 'Leave {id} does not exist.' when it cannot be one (not a UUID). */
export const leaveIdParamSchema = requestObject({
  id: anyValue().transform((value, ctx): string => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (UUID.test(text)) return text.toLowerCase();
    return refuse(ctx, leaveMessages.notFound(String(value)), NOT_FOUND_ISSUE);
  }),
});

function periodDate(label: string) {
  return anyValue().transform((value, ctx): BusinessDate => {
    if (isBlank(value)) return refuse(ctx, leaveMessages.required(label));
    if (typeof value !== 'string' || !isBusinessDate(value.trim()))
      return refuse(ctx, leaveMessages.notADate(label));
    return value.trim();
  });
}

function checkPeriod(period: { start: BusinessDate; end: BusinessDate }, ctx: z.RefinementCtx): void {
  if (period.end < period.start)
    ctx.addIssue({ code: 'custom', path: ['end'], message: leaveMessages.endBeforeStart });
  else if (daysFrom(period.start, period.end) + 1 > LEAVE_PERIOD_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['end'], message: leaveMessages.periodTooLong });
}

/** GET /api/leave/days?start&end: the person's leave days in a period. */
export const leaveDaysQuerySchema = requestObject({
  start: periodDate('Start'),
  end: periodDate('End'),
}).superRefine(checkPeriod);
export type LeaveDaysQuery = z.output<typeof leaveDaysQuerySchema>;

/** GET /api/admin/leave?start&end&employeeId: the team's leave in a period, optionally one person's. */
export const teamLeaveQuerySchema = requestObject({
  start: periodDate('Start'),
  end: periodDate('End'),
  employeeId: optionalIdField('Person'),
}).superRefine(checkPeriod);
export type TeamLeaveQuery = z.output<typeof teamLeaveQuerySchema>;
