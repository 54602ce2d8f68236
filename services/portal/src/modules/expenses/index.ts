/**
 * The expenses context's public entry: the only file other code may import.
 *
 * One departure from the inner shape of a context (docs/architecture.md, "Inside a context"):
 * `receipts/` is the receipts part, a module of its own with its own stream (`receipts-{employeeId}`),
 * controller, commands, queries and projection, kept together in one folder rather than spread over
 * the folders of the expense module beside it.
 */
export { ExpensesModule } from './expenses.module';
export { ReceiptsModule } from './receipts/receipts.module';
export { ExpenseExportsModule } from './exports/expense-exports.module';
/** The claim command, for the demo seed (system caller, vouched facts). */
export {
  ClaimExpensesCommand,
  planOfClaim,
  planOfPerDiem,
  type ClaimPlan,
  type VouchedClaim,
} from './commands/claim-expenses';
export { SummariseExpenseMonths } from './queries/summarise-months';
export { SummariseReviewExpenses, ListReviewExpenses } from './queries/review-expenses';
export {
  SumExpensesForAnalytics,
  type AnalyticsExpenseFilter,
  type AnalyticsExpenseRow,
} from './queries/analytics-expenses';
/** The as-of review replays this read model (board), with the receipts' names. */
export { EXPENSES_READ_MODEL } from './projections/expenses-tables';
export { receiptStreamId } from './receipts/receipt-events';
