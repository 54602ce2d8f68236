import {
  adminExpenseEditSchema,
  type AdminExpenseEditRequest,
  checkDecimal,
  claimedAmount,
  expenseAmountRule,
  type DateWindow,
  type ExpenseEditInput,
  expenseEditSchema,
  expenseMessages as msg,
  type ExpenseType,
  isWithin,
} from '@portal/contracts';
import { decimalText, type EditCheck, zodProblems } from '../form-errors';

/** The spec's 'no project currency' ('-'). */
export const NO_CURRENCY = '-';

/** A saved expense's fields as its edit dialog holds them (decimals as typed, '' while empty). */
export interface ExpenseEditDraft {
  readonly projectId: number | null;
  readonly categoryId: number | null;
  readonly isBillable: boolean;
  readonly date: string;
  /** Kept only for a type that asks for one. */
  readonly activityDate: string;
  readonly amount: string;
  /** Kept only for the total-and-expensed type (16). */
  readonly totalAmount: string;
  /** The admin's to set; the person's follows the date. */
  readonly rate: string;
  /** The admin's to set: a currency code or NO_CURRENCY. */
  readonly projectCurrency: string;
  readonly comment: string;
  readonly version: number;
}

/**
 * The person's change of their own expense (`PUT /api/expenses/:id`): the request schema (the type
 * decides whether an activity date and a total amount go along) and a date inside their window.
 */
export function personExpenseEditCheck(
  draft: ExpenseEditDraft,
  type: Pick<ExpenseType, 'activityDateLabel' | 'flow'> | null,
  window: DateWindow,
): EditCheck<ExpenseEditInput> {
  const edit: ExpenseEditInput = {
    projectId: draft.projectId,
    categoryId: draft.categoryId,
    isBillable: draft.isBillable,
    date: draft.date,
    ...(type?.activityDateLabel ? { activityDate: draft.activityDate || null } : {}),
    amount: decimalText(draft.amount),
    totalAmount: type?.flow === 'totalAndExpensed' ? decimalText(draft.totalAmount) : null,
    comment: draft.comment,
    version: draft.version,
  };
  const parsed = expenseEditSchema.safeParse(edit);
  const problems = parsed.success ? [] : zodProblems(parsed.error);
  if (parsed.success && !isWithin(parsed.data.date, window)) {
    problems.push({ path: 'date', message: msg.dateOutsideWindow(window.first, window.last) });
  }
  return problems.length > 0 ? { problems } : { edit };
}

/**
 * An admin's change of a person's expense (`PUT /api/admin/expenses/:id`, admin spec §7): amount,
 * comment, type, date, rate, project currency, project and billable, by the request schema.
 */
export function adminExpenseEditCheck(
  draft: ExpenseEditDraft,
  employeeId: number,
): EditCheck<AdminExpenseEditRequest> {
  const parsed = adminExpenseEditSchema.safeParse({
    employeeId,
    projectId: draft.projectId,
    categoryId: draft.categoryId,
    isBillable: draft.isBillable,
    date: draft.date,
    amount: decimalText(draft.amount),
    rate: decimalText(draft.rate),
    projectCurrency: draft.projectCurrency,
    comment: draft.comment,
    version: draft.version,
  });
  return parsed.success ? { edit: parsed.data } : { problems: zodProblems(parsed.error) };
}

/**
 * What the expense would claim as typed: amount x rate (truncated to cents), once the amount is one
 * its rule takes and there is a rate; null before.
 */
export function claimedPreview(amount: string, rate: string | null): string | null {
  const checked = checkDecimal(amount, expenseAmountRule);
  return 'value' in checked && rate !== null ? claimedAmount(checked.value, rate) : null;
}
