import { z } from 'zod';
import { COMMENT_MAX_LENGTH, ENTRY_HOURS_STEP, UMBRELLA_PROJECT_ID } from '../kernel/constants';
import { checkDecimal, type DecimalRule } from '../kernel/decimal-rules';
import {
  anyValue,
  booleanField,
  dateField,
  endNotBeforeStart,
  isBlank,
  refuse,
  requestObject,
  sortByField,
  sortDirectionField,
} from '../kernel/fields';
import {
  bodyIdField,
  bodyVersionField,
  optionalBodyIdField,
  optionalIdField,
  queryVersionField,
} from '../kernel/ids';
import { freeTextProblem } from '../kernel/text';
import { timesheetFieldLabels as label, timesheetMessages as msg } from './messages';

/**
 * Timesheet requests (the zod schemas the API parses and the web form checks before sending).
 * Validation runs in two steps everywhere: the schema checks the shape (and every rule that needs
 * nothing else), then `timesheetBatchProblems` / `timesheetEditProblems` (rules.ts) check the
 * rules that depend on the project's facts and on today's date.
 */

export const MAX_HOURS_PER_DAY = 24;

// ---------------------------------------------------------------------------------------------
// Field parsers

/**
 * The rule of an hours field (the web's field checks the same): a number greater than 0, at most
 * 24, in steps of `step` (0.1 in the entry form; the edit modal's 0.5 is a rule of its own, see
 * `timesheetEditProblems`).
 */
export function hoursRule(field: string, step: string = ENTRY_HOURS_STEP): DecimalRule {
  return {
    step,
    max: String(MAX_HOURS_PER_DAY),
    messages: {
      notNumber: msg.mustBeNumber(field),
      notPositive: msg.mustBeGreaterThanZero(field),
      tooLarge: msg.atMostHoursPerDay(field, MAX_HOURS_PER_DAY),
      offStep: msg.inStepsOf(field, step),
    },
  };
}

/**
 * Hours as a decimal string or a number; blank means not given (null). A given value must follow
 * `hoursRule`; it comes out as a normalised decimal string ('7.50' -> '7.5').
 */
export function hoursField(field: string) {
  const rule = hoursRule(field);
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    const checked = checkDecimal(value, rule);
    if ('problem' in checked) {
      ctx.addIssue({ code: 'custom', message: checked.problem });
      return z.NEVER;
    }
    return checked.value;
  });
}

/** The activity comment: required text, at most COMMENT_MAX_LENGTH characters (also the admin edit's). */
export const timesheetCommentField = anyValue().transform((value, ctx): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (value !== undefined && value !== null && typeof value !== 'string') {
    ctx.addIssue({ code: 'custom', message: `${label.comment} must be text` });
    return z.NEVER;
  }
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: msg.mustHaveValue(label.comment) });
    return z.NEVER;
  }
  const problem = freeTextProblem(label.comment, text, COMMENT_MAX_LENGTH, msg.commentTooLong);
  return problem ? refuse(ctx, problem) : text;
});

const confirmLateField = booleanField(label.confirmLate, false);

/** Each day needs hours or overtime hours ('Please fill in your hours'). */
export function requireSomeHours(
  item: { hours: string | null; overtimeHours: string | null },
  ctx: z.RefinementCtx,
): void {
  if (item.hours === null && item.overtimeHours === null) {
    ctx.addIssue({ code: 'custom', path: ['hours'], message: msg.fillInYourHours });
  }
}

/** Only umbrella project 45 has sub-projects; any other project's sub-project is reset (admin spec §4). */
export function dropSubProjectOutsideUmbrella<T extends { projectId: number; subProjectId: number | null }>(
  request: T,
): T {
  return request.projectId === UMBRELLA_PROJECT_ID ? request : { ...request, subProjectId: null };
}

// ---------------------------------------------------------------------------------------------
// Requests

export const timesheetItemSchema = requestObject({
  date: dateField(label.date),
  hours: hoursField(label.hours),
  overtimeHours: hoursField(label.overtimeHours),
  comment: timesheetCommentField,
}).superRefine(requireSomeHours);
export type TimesheetItem = z.output<typeof timesheetItemSchema>;

/** POST /api/timesheets */
export const timesheetBatchSchema = requestObject({
  projectId: bodyIdField(label.projectId, msg.projectRequired),
  subProjectId: optionalBodyIdField(label.subProjectId),
  items: z.array(timesheetItemSchema, { error: msg.noDaysChosen }).min(1, { error: msg.noDaysChosen }),
  confirmLate: confirmLateField,
})
  .superRefine((batch, ctx) => {
    const seen = new Set<string>();
    batch.items.forEach((item, index) => {
      if (seen.has(item.date)) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'date'], message: msg.duplicateDate });
      }
      seen.add(item.date);
    });
  })
  .transform(dropSubProjectOutsideUmbrella);
export type TimesheetBatchRequest = z.output<typeof timesheetBatchSchema>;
export type TimesheetBatchInput = z.input<typeof timesheetBatchSchema>;

/** The fields of an entry's edit dialog: the person's (below) and the admin's (periods/review-requests.ts). */
export const timesheetEditFields = {
  projectId: bodyIdField(label.projectId, msg.projectRequired),
  subProjectId: optionalBodyIdField(label.subProjectId),
  date: dateField(label.date),
  hours: hoursField(label.hours),
  overtimeHours: hoursField(label.overtimeHours),
  comment: timesheetCommentField,
  version: bodyVersionField(msg.mustHaveValue(label.version)),
};

/** PUT /api/timesheets/:id */
export const timesheetEditSchema = requestObject({
  ...timesheetEditFields,
  confirmLate: confirmLateField,
})
  .superRefine(requireSomeHours)
  .transform(dropSubProjectOutsideUmbrella);
export type TimesheetEditRequest = z.output<typeof timesheetEditSchema>;
export type TimesheetEditInput = z.input<typeof timesheetEditSchema>;

/** DELETE /api/timesheets/:id?version= */
export const timesheetWithdrawQuerySchema = requestObject({
  version: queryVersionField(msg.mustHaveValue(label.version)),
});
export type TimesheetWithdrawQuery = z.output<typeof timesheetWithdrawQuerySchema>;

export const TIMESHEET_SORT_FIELDS = ['date', 'activity'] as const;
export type TimesheetSortField = (typeof TIMESHEET_SORT_FIELDS)[number];

/** GET /api/timesheets */
export const timesheetListQuerySchema = requestObject({
  start: dateField(label.start),
  end: dateField(label.end),
  projectId: optionalIdField(label.projectId),
  sortBy: sortByField(TIMESHEET_SORT_FIELDS, 'Sort by must be date or activity'),
  direction: sortDirectionField(),
}).superRefine(endNotBeforeStart(msg.endBeforeStart));
export type TimesheetListQuery = z.output<typeof timesheetListQuerySchema>;
