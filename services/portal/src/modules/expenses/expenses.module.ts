import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { PeriodsModule } from '../periods';
import { RosterModule } from '../roster';
import { AdminExpensesController } from './admin-expenses.controller';
import { AdminCorrectExpenseHandler } from './commands/admin-correct-expense';
import { ApproveExpensesHandler } from './commands/approve-expenses';
import { ClaimExpensesHandler } from './commands/claim-expenses';
import { CorrectExpenseHandler } from './commands/correct-expense';
import { ExpenseFacts } from './commands/expense-facts';
import { WithdrawExpenseHandler } from './commands/withdraw-expense';
import { ExpensesController } from './expenses.controller';
import { contractorTimeProjection } from './projections/contractor-time.projection';
import { expensesProjection } from './projections/expenses.projection';
import { ExpenseLocations } from './queries/expense-locations';
import { SummariseExpenseMonthsHandler } from './queries/summarise-months';
import { ListExpensesHandler } from './queries/list-expenses';
import { ProjectHasExpensesHandler } from './queries/project-has-expenses';
import { ListReviewExpensesHandler, SummariseReviewExpensesHandler } from './queries/review-expenses';
import { SumExpensesForAnalyticsHandler } from './queries/analytics-expenses';
import { PreviewClaimHandler } from './queries/claim-preview';
import { ReceiptsModule } from './receipts/receipts.module';

/**
 * Expenses: the claim/correct/withdraw commands (decided by the expense part of the ledger stream,
 * run through the periods context's LedgerRunner), the admin's edit and approve selected, the
 * expense table query, the claim preview and the expense types. Receipts and exports are their own modules under this folder.
 */
@Module({
  imports: [CatalogModule, RosterModule, PeriodsModule, ReceiptsModule],
  controllers: [ExpensesController, AdminExpensesController],
  providers: [
    ExpenseFacts,
    ExpenseLocations,
    ClaimExpensesHandler,
    CorrectExpenseHandler,
    AdminCorrectExpenseHandler,
    ApproveExpensesHandler,
    WithdrawExpenseHandler,
    ListExpensesHandler,
    ProjectHasExpensesHandler,
    SummariseExpenseMonthsHandler,
    SummariseReviewExpensesHandler,
    SumExpensesForAnalyticsHandler,
    ListReviewExpensesHandler,
    PreviewClaimHandler,
  ],
})
export class ExpensesModule {
  constructor(registry: ContextRegistry) {
    registry.projection(expensesProjection, contractorTimeProjection);
  }
}
