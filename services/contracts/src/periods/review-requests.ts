import { z } from 'zod';
import {
  billableField,
  categoryField,
  commentsField,
  currencyField,
  expenseAmountField,
  isUuid,
} from '../expenses/fields';
import { expenseMessages } from '../expenses/messages';
import { rateRule, type DecimalRule } from '../kernel/decimal-rules';
import { daysFrom } from '../kernel/dates';
import {
  anyValue,
  dateField,
  endNotBeforeStart,
  isBlank,
  refuse,
  requestObject,
  requiredDecimalField,
} from '../kernel/fields';
import { bodyIdField, bodyVersionField } from '../kernel/ids';
import { freeTextProblem } from '../kernel/text';
import { timesheetFieldLabels as label } from '../timesheets/messages';
import { dropSubProjectOutsideUmbrella, requireSomeHours, timesheetEditFields } from '../timesheets/requests';
import { MAX_RETURN_REASON_LENGTH, reviewMessages } from './review';

/**
 * The admin's review commands (issue 8): approve a person's project over a date range, approve
 * chosen expenses, return rows with a reason, and the admin edit dialogs (admin spec §4 and §7).
 * The server parses these; the review page checks the same before sending.
 */

/** The largest exchange rate an admin may set on a row (a decimal string). */
export const ADMIN_RATE_MAX = '1000000';

export const reviewRequestMessages = {
  ...reviewMessages,
  employeeRequired: 'Employee is required.',
  startLabel: 'Start',
  endLabel: 'End',
  endBeforeStart: 'End must not be before Start',
  rangeTooLong: (days: number) => `The date range must be at most ${days} days long.`,
  rowIdInvalid: (field: string) => `${field} must list row ids (UUIDs)`,
  tooManyRows: (field: string, max: number) => `${field} may list at most ${max} rows`,
  duplicateRow: (id: string) => `Row ${id} is listed twice.`,
  rateRequired: 'Rate is required.',
  rateNotNumber: 'Rate must be a number',
  rateNotPositive: 'Rate must be greater than 0',
  rateTooLarge: `Rate must be at most ${ADMIN_RATE_MAX}`,
  rateTooPrecise: 'Rate can have at most 8 decimal places',
} as const;
const m = reviewRequestMessages;

/** One review command covers at most a year of days (a range touches one ledger per month). */
export const MAX_REVIEW_RANGE_DAYS = 366;
/** The most rows one approve or return may name. */
export const MAX_REVIEW_ROWS = 1000;

const employeeField = bodyIdField('Employee', m.employeeRequired);
/** The review page's project filter: 'Project is required.' (the specs' verify and review pages). */
const projectField = bodyIdField(label.projectId, expenseMessages.projectRequired);

/** Start and end of a range: end not before start, at most MAX_REVIEW_RANGE_DAYS days. */
export function reviewRangeRules(range: { start: string; end: string }, ctx: z.RefinementCtx): void {
  endNotBeforeStart(m.endBeforeStart)(range, ctx);
  // Counted in days, never as a date past the end (addDays beyond 9999-12-31 is no date).
  if (daysFrom(range.start, range.end) + 1 > MAX_REVIEW_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: m.rangeTooLong(MAX_REVIEW_RANGE_DAYS) });
  }
}

/** A list of row ids (UUIDs, lower-cased, each once); absent or null is `[]` unless `required`. */
function rowIdsField(field: string, required: string | null) {
  return anyValue().transform((value, ctx): string[] => {
    if (value === null) return required ? refuse(ctx, required) : [];
    if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || !isUuid(id.trim())))
      return refuse(ctx, m.rowIdInvalid(field));
    if (value.length > MAX_REVIEW_ROWS) return refuse(ctx, m.tooManyRows(field, MAX_REVIEW_ROWS));
    if (required && value.length === 0) return refuse(ctx, required);
    const ids = value.map((id: string) => id.trim().toLowerCase());
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    return twice ? refuse(ctx, m.duplicateRow(twice)) : ids;
  });
}

const reasonField = anyValue().transform((value, ctx): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return refuse(ctx, m.reasonRequired);
  const problem = freeTextProblem('Reason', text, MAX_RETURN_REASON_LENGTH, m.reasonTooLong);
  return problem ? refuse(ctx, problem) : text;
});

/** POST /api/admin/review/approve: every unapproved row of the person's project dated in the range. */
export const approvePeriodSchema = requestObject({
  employeeId: employeeField,
  projectId: projectField,
  start: dateField(m.startLabel),
  end: dateField(m.endLabel),
}).superRefine(reviewRangeRules);
export type ApprovePeriodRequest = z.output<typeof approvePeriodSchema>;

/** POST /api/admin/review/approve-expenses: the chosen expenses of one person. */
export const approveExpensesSchema = requestObject({
  employeeId: employeeField,
  expenseIds: rowIdsField('Expense ids', m.selectExpenses),
});
export type ApproveExpensesRequest = z.output<typeof approveExpensesSchema>;

/**
 * POST /api/admin/review/return: the chosen rows of the person's project in the range, with a
 * reason; no rows chosen (both lists empty or absent) returns every row of the project in the range.
 */
export const returnPeriodSchema = requestObject({
  employeeId: employeeField,
  projectId: projectField,
  start: dateField(m.startLabel),
  end: dateField(m.endLabel),
  reason: reasonField,
  entryIds: rowIdsField('Entry ids', null),
  expenseIds: rowIdsField('Expense ids', null),
}).superRefine(reviewRangeRules);
export type ReturnPeriodRequest = z.output<typeof returnPeriodSchema>;

/**
 * PUT /api/admin/timesheets/:id: the admin's fields (admin spec §7). The sub-project is reset to
 * none unless the project is 45 (§4). The spec's "activity" is the activity comment (`comment`).
 */
export const adminTimesheetEditSchema = requestObject({ employeeId: employeeField, ...timesheetEditFields })
  .superRefine(requireSomeHours)
  .transform(dropSubProjectOutsideUmbrella);
export type AdminTimesheetEditRequest = z.output<typeof adminTimesheetEditSchema>;

/** An exchange rate the admin sets: a decimal greater than 0, at most 8 decimals. */
export const adminRateRule: DecimalRule = rateRule(ADMIN_RATE_MAX, {
  notNumber: m.rateNotNumber,
  notPositive: m.rateNotPositive,
  tooLarge: m.rateTooLarge,
  offStep: m.rateTooPrecise,
});

const rateField = requiredDecimalField(adminRateRule, m.rateRequired);

/** The project's currency: a known code, or none (absent, null, blank or '-', the spec's default). */
const projectCurrencyField = anyValue().transform((value, ctx): string | null => {
  if (isBlank(value) || value === '-') return null;
  const parsed = currencyField.safeParse(value);
  return parsed.success ? parsed.data : refuse(ctx, expenseMessages.unknownCurrency);
});

/**
 * PUT /api/admin/expenses/:id: the admin's fields (admin spec §7). The admin sets the rate and
 * the project currency; claimed = amount x rate. Currency, receipt, activity date and total amount
 * stay as they are.
 */
export const adminExpenseEditSchema = requestObject({
  employeeId: employeeField,
  amount: expenseAmountField(),
  comment: commentsField,
  categoryId: categoryField,
  date: dateField('Date'),
  rate: rateField,
  projectCurrency: projectCurrencyField,
  projectId: bodyIdField('Project', expenseMessages.projectRequired),
  isBillable: billableField,
  version: bodyVersionField(expenseMessages.versionRequired),
});
export type AdminExpenseEditRequest = z.output<typeof adminExpenseEditSchema>;
