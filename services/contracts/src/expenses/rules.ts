import { EXPENSE_MONTHS_AHEAD, EXPENSE_MONTHS_BACK } from '../kernel/constants';
import { isWithin, monthWindow, type BusinessDate, type DateWindow } from '../kernel/dates';
import { compareDecimals } from '../kernel/money';
import { convertAmount, normaliseCurrencyCode } from '../exchange-rates/rates';
import { expenseMessages as msg } from './messages';
import { activityDateRequired, expenseTypeOf, receiptRequired } from './types';

/**
 * Expense rules beyond a request's shape, the same on web and server: the claimed amount, the
 * currency pair to convert, the per-type shape rules, and what depends on today's date and on the
 * person (NeedReceipt).
 */

/** Claimed = amount x rate (1 when none), in the project's currency, truncated to 2 decimals. */
export function claimedAmount(amount: string, rate: string | null): string {
  return convertAmount(amount, rate);
}

/**
 * The currency pair to convert, trimmed and upper-cased: null (rate 1) when either currency is
 * missing or both are the same. The rate-date rule (`rateDateFor`) is applied by the
 * ExchangeRates adapters, which get the expense date.
 */
export function conversionFor(
  receiptCurrency: string | null | undefined,
  projectCurrency: string | null | undefined,
): { from: string; to: string } | null {
  const from = normaliseCurrencyCode(receiptCurrency);
  const to = normaliseCurrencyCode(projectCurrency);
  if (from === null || to === null || from === to) return null;
  return { from, to };
}

export interface TypedAmounts {
  readonly categoryId: number;
  readonly activityDate: BusinessDate | null;
  readonly totalAmount: string | null;
  readonly amount: string;
}

/** Activity date for types 1/3/9/15; Total Amount >= amount for type 16. */
export function expenseTypeProblems(request: TypedAmounts): ExpenseProblem[] {
  const problems: ExpenseProblem[] = [];
  if (activityDateRequired(request.categoryId) && request.activityDate === null) {
    problems.push({ path: 'activityDate', message: msg.dateRequired });
  }
  if (expenseTypeOf(request.categoryId)?.flow === 'totalAndExpensed') {
    if (request.totalAmount === null) {
      problems.push({ path: 'totalAmount', message: msg.totalAmountRequired });
    } else if (compareDecimals(request.totalAmount, request.amount) < 0) {
      problems.push({ path: 'amount', message: msg.totalBelowAmount });
    }
  }
  return problems;
}

export interface ExpenseProblem {
  readonly path: string;
  readonly message: string;
}

/** Expense days: six months back (start of month) to two months ahead (end of month). */
export function expenseWindow(today: BusinessDate): DateWindow {
  return monthWindow(today, EXPENSE_MONTHS_BACK, EXPENSE_MONTHS_AHEAD);
}

export interface ExpenseRuleFacts {
  readonly today: BusinessDate;
  /** The person's NeedReceipt flag (hotel receipts). */
  readonly needReceipt: boolean;
}

/**
 * The rules beyond the shape, for a claim over one or more dates (`datePaths` names where each
 * date came from: 'date', 'dates.2', 'items.1.date').
 */
export function expenseClaimProblems(
  claim: { categoryId: number; receiptId: string | null },
  dates: readonly { date: BusinessDate; path: string }[],
  facts: ExpenseRuleFacts,
): ExpenseProblem[] {
  const window = expenseWindow(facts.today);
  const problems: ExpenseProblem[] = [];
  for (const { date, path } of dates) {
    if (!isWithin(date, window))
      problems.push({ path, message: msg.dateOutsideWindow(window.first, window.last) });
  }
  if (claim.receiptId === null && receiptRequired(claim.categoryId, facts.needReceipt)) {
    problems.push({ path: 'receiptId', message: msg.receiptRequired });
  }
  return problems;
}
