import { z } from 'zod';
import { endNotBeforeStart, isBlank, requestObject, sortByField, sortDirectionField } from '../kernel/fields';
import { bodyVersionField, optionalIdField, queryVersionField } from '../kernel/ids';
import type { BusinessDate } from '../kernel/dates';
import {
  billableField,
  categoryField,
  commentsField,
  currencyField,
  expenseAmountField,
  expenseDateField,
  optionalAmountField,
  optionalDateField,
  projectField,
  receiptField,
} from './fields';
import { expenseMessages as msg } from './messages';
import { expenseTypeProblems, type TypedAmounts } from './rules';
import { activityDateRequired, expenseTypeOf } from './types';

/**
 * Expense requests, shared by the API and the web form (contractor spec §3-§5, §8, §9; admin
 * spec §4 'Expense form visibility by category'). As for timesheets, validation runs in two
 * steps: the zod schema checks the shape and every rule that needs nothing else;
 * `expenseClaimProblems` (rules.ts) checks what depends on today's date and on the person.
 */

function typeShapeRules(request: TypedAmounts, ctx: z.RefinementCtx): void {
  for (const problem of expenseTypeProblems(request)) {
    ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  }
}

/** Only type 16 has a Total Amount; it is dropped for the others. */
function keepTotalOnlyForType16<T extends { categoryId: number; totalAmount: string | null }>(request: T): T {
  return expenseTypeOf(request.categoryId)?.flow === 'totalAndExpensed'
    ? request
    : { ...request, totalAmount: null };
}

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/expenses: one claim (also the amount-by-activity types 9 and 15, with their activity date). */
export const expenseClaimSchema = requestObject({
  categoryId: categoryField,
  projectId: projectField,
  currency: currencyField,
  amount: expenseAmountField(),
  totalAmount: optionalAmountField(),
  date: expenseDateField(),
  activityDate: optionalDateField,
  comment: commentsField,
  isBillable: billableField,
  receiptId: receiptField,
})
  .superRefine(typeShapeRules)
  .transform(keepTotalOnlyForType16);
export type ExpenseClaimRequest = z.output<typeof expenseClaimSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type ExpenseClaimInput = Partial<z.input<typeof expenseClaimSchema>>;

function multiDateRules(
  request: { categoryId: number; dates: readonly BusinessDate[] },
  ctx: z.RefinementCtx,
) {
  if (!expenseTypeOf(request.categoryId)?.multiDate) {
    ctx.addIssue({ code: 'custom', path: ['categoryId'], message: msg.notMultiDate });
  }
  const seen = new Set<string>();
  request.dates.forEach((date, index) => {
    if (seen.has(date)) ctx.addIssue({ code: 'custom', path: ['dates', index], message: msg.duplicateDate });
    seen.add(date);
  });
}

/** The activity (check-in) date of a claim over several dates: as given, else the first night when the type needs one. */
function activityDateOf(
  categoryId: number,
  dates: readonly string[],
  given: string | null | undefined,
): string | null {
  return given ?? (activityDateRequired(categoryId) ? [...dates].sort()[0] : null);
}

/** POST /api/expenses/per-diem: one amount for each of several dates. */
export const perDiemSchema = requestObject({
  categoryId: categoryField,
  projectId: projectField,
  currency: currencyField,
  amount: expenseAmountField(),
  dates: z.array(expenseDateField(), { error: msg.datesRequired }).min(1, { error: msg.datesRequired }),
  activityDate: optionalDateField,
  comment: commentsField,
  isBillable: billableField,
  receiptId: receiptField,
})
  .transform((request) => ({
    ...request,
    activityDate: activityDateOf(request.categoryId, request.dates, request.activityDate),
  }))
  .superRefine(multiDateRules);
export type PerDiemRequest = z.output<typeof perDiemSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type PerDiemInput = Partial<z.input<typeof perDiemSchema>>;

/** POST /api/expenses/accommodation: an amount per date ('Please enter all the amounts.'). */
export const accommodationSchema = requestObject({
  categoryId: categoryField,
  projectId: projectField,
  currency: currencyField,
  items: z
    .array(requestObject({ date: expenseDateField(), amount: expenseAmountField(msg.enterAllAmounts) }), {
      error: msg.datesRequired,
    })
    .min(1, { error: msg.datesRequired }),
  activityDate: optionalDateField,
  comment: commentsField,
  isBillable: billableField,
  receiptId: receiptField,
})
  .transform((request) => {
    const dates = request.items.map((i) => i.date);
    return {
      ...request,
      dates,
      activityDate: activityDateOf(request.categoryId, dates, request.activityDate),
    };
  })
  .superRefine(multiDateRules);
export type AccommodationRequest = z.output<typeof accommodationSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type AccommodationInput = Partial<z.input<typeof accommodationSchema>>;

/** True when every date of an accommodation form has an amount (the web's warning before sending). */
export function allAmountsEntered(items: readonly { amount: unknown }[]): boolean {
  return items.length > 0 && items.every((i) => !isBlank(i.amount));
}

/**
 * PUT /api/expenses/:id. Currency, receipt and activity date are kept when absent (the edit modal
 * does not show them); the rate is looked up again only when the date or currency changes.
 */
export const expenseEditSchema = requestObject({
  projectId: projectField,
  categoryId: categoryField,
  isBillable: billableField,
  date: expenseDateField(),
  activityDate: optionalDateField.optional(),
  amount: expenseAmountField(),
  totalAmount: optionalAmountField(),
  currency: currencyField.optional(),
  comment: commentsField,
  version: bodyVersionField(msg.versionRequired),
}).transform(keepTotalOnlyForType16);
export type ExpenseEditRequest = z.output<typeof expenseEditSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type ExpenseEditInput = Partial<z.input<typeof expenseEditSchema>>;

/** DELETE /api/expenses/:id?version= */
export const expenseWithdrawQuerySchema = requestObject({ version: queryVersionField(msg.versionRequired) });

export const EXPENSE_SORT_FIELDS = ['date', 'project', 'category', 'claimed', 'comment'] as const;
export type ExpenseSortField = (typeof EXPENSE_SORT_FIELDS)[number];

/** GET /api/expenses */
export const expenseListQuerySchema = requestObject({
  start: expenseDateField(),
  end: expenseDateField(),
  projectId: optionalIdField('Project'),
  sortBy: sortByField(EXPENSE_SORT_FIELDS, `Sort by must be one of ${EXPENSE_SORT_FIELDS.join(', ')}`),
  direction: sortDirectionField(),
}).superRefine(endNotBeforeStart(msg.endBeforeStart));
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;
